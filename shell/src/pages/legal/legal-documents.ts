import type { LegalCountry, LegalEntity } from '../../brand/legal-entities.ts';
import { LEGAL_INDEX, type LegalSlug } from './legal-index.ts';

/** Who the texts speak for: the brand, the entity behind it in the visitor's country, and how to reach it. */
export interface LegalContext {
  brand: string;
  entity: LegalEntity;
  country: LegalCountry;
  email: string;
}

/** One numbered section of a policy. */
interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

/** A policy as the page renders it. */
export interface LegalDocument {
  title: string;
  summary: string;
  sections: LegalSection[];
}

/** The country an entity is registered in: the last part of its address ("…, Cyprus" → Cyprus). */
export function registeredCountryOf(entity: LegalEntity): string {
  return entity.address.split(',').at(-1)!.trim();
}

const section = (heading: string, paragraphs: string[], list?: string[]): LegalSection =>
  list ? { heading, paragraphs, list } : { heading, paragraphs };

function privacyRights(ctx: LegalContext): LegalSection {
  if (ctx.country === 'US') {
    return section('Your rights in the United States', [
      'If you live in California or another state with a consumer privacy law (such as Colorado, Connecticut, Virginia or Texas), you may ask to know which personal information we hold about you, to get a copy, to correct it and to delete it. We do not sell your personal information and we do not share it for cross-context behavioural advertising without your consent; you may opt out at any time by writing to us.',
      `We will not treat you differently for using these rights. We answer verified requests within 45 days. An authorised agent may ask for you with your signed permission. Write to ${ctx.email}.`,
    ]);
  }
  if (ctx.country === 'CA') {
    return section('Your rights in Canada', [
      'Under the Personal Information Protection and Electronic Documents Act (PIPEDA) and the privacy laws of your province, you may ask for access to the personal information we hold about you, ask us to correct it, and withdraw your consent to its use, subject to legal and contractual limits.',
      `We answer within 30 days. If you are not satisfied with our answer you may complain to the Office of the Privacy Commissioner of Canada. Write to ${ctx.email} first so that we can put it right.`,
    ]);
  }
  return section(
    'Your rights',
    [
      'Where the EU or UK General Data Protection Regulation or a similar law applies to you, you have the right to:',
    ],
    [
      'access the personal data we hold about you and receive a copy in a portable format;',
      'have inaccurate data corrected and, where the law allows, have your data erased;',
      'restrict or object to processing, including processing based on our legitimate interests;',
      'withdraw consent at any time, without affecting processing before the withdrawal;',
      `complain to a data protection authority, in particular in ${registeredCountryOf(ctx.entity)} or where you live.`,
    ],
  );
}

function governingLaw(ctx: LegalContext): string {
  if (ctx.country === 'US')
    return 'These terms are governed by the laws of the State of Delaware and the federal laws of the United States. Any dispute is resolved by the state or federal courts located in Delaware, unless the law of your state gives you the right to bring it where you live.';
  if (ctx.country === 'CA')
    return 'These terms are governed by the laws of the Province of Ontario and the federal laws of Canada that apply there. Nothing in them removes a right that the consumer protection law of your province gives you.';
  const country = registeredCountryOf(ctx.entity);
  return `These terms are governed by the laws of ${country}. Disputes go to the courts of ${country}; if you are a consumer you keep the protection of the mandatory law of the country where you live and may also bring a claim there.`;
}

/** The closing section: who to write to about this policy. */
const contact = (ctx: LegalContext): LegalSection =>
  section('Contact', [
    `${ctx.entity.addressWithCompanyName}. E-mail: ${ctx.email}${ctx.entity.phone ? `. Phone: ${ctx.entity.phone}` : ''}.`,
  ]);

type Writer = (ctx: LegalContext) => LegalSection[];

const WRITERS: Record<LegalSlug, Writer> = {
  'privacy-policy': (ctx) => [
    section('Who we are', [
      `${ctx.brand} is operated by ${ctx.entity.addressWithCompanyName} ("we", "us"). We are the controller of the personal data described here. Our ${ctx.entity.position.toLowerCase()} is responsible for data protection; you can reach us at ${ctx.email}${ctx.entity.phone ? ` or ${ctx.entity.phone}` : ''}.`,
    ]),
    section(
      'What we collect',
      ['We collect only what the service needs:'],
      [
        'Account data: your e-mail address when you register, a generated user id when you browse without one, and your sign-in tokens.',
        'Device data: a fingerprint hash computed in your browser from technical signals (screen, fonts, hardware, browser features), your IP address and the country derived from it.',
        'Content: the characters you create, the messages you exchange with AI characters, the images you generate or unlock, and your feedback.',
        'Preferences: your theme, the category you browse (realistic or anime), your age and content confirmations.',
        'Payment data: the plan or token pack you buy, amounts, dates and the result of each payment. Card numbers are handled by our payment providers and never reach our servers.',
        'Attribution: the advertising source, campaign and click identifiers in the link that brought you to us.',
      ],
    ),
    section(
      'Why we use it',
      [],
      [
        'To provide the service: keep you signed in, generate AI replies and images, keep your chats and characters (performance of our contract with you).',
        'To take payments, credit tokens and prevent fraud and chargeback abuse (contract and legal obligation).',
        'To keep minors out and show adult content only to adults who confirmed their age (legal obligation).',
        'To measure which advertising brings visitors and to improve the service (legitimate interest, or consent where the law requires it).',
        'To answer your requests and complaints (contract and legitimate interest).',
      ],
    ),
    section('AI processing', [
      'Your messages are sent to the language model that writes the character replies, and your creation choices to the image generator. They are used to produce your replies and images, not to identify you. We do not use your private chats to train models shared with other users.',
    ]),
    section('Who receives it', [
      'We share personal data only with processors that work for us under written contracts: hosting and database providers, payment providers, e-mail delivery, error reporting and, where you consented, advertising partners who receive a conversion signal. Where data leaves your country we rely on adequacy decisions or standard contractual clauses. We disclose data to authorities only when the law obliges us.',
    ]),
    section('How long we keep it', [
      'We keep account data while your account exists. When you delete your account we delete or anonymise your chats, characters and images within 30 days, except payment records, which accounting and tax laws require us to keep for up to 10 years, and data needed to answer a dispute until it is closed.',
    ]),
    privacyRights(ctx),
    section('Security and children', [
      'Data travels encrypted, sign-in tokens expire after minutes, and access to production systems is limited to staff who need it. The service is for adults only: we do not knowingly collect data from anyone under 18 and delete it when we learn of it (see the Underage Policy).',
    ]),
    section('Changes', [
      'We will tell you about material changes by e-mail or in the service before they take effect. The date at the top of this page shows the current version.',
    ]),
  ],

  'terms-of-service': (ctx) => [
    section('Agreement', [
      `These terms are a contract between you and ${ctx.entity.addressWithCompanyName}, which operates ${ctx.brand}. By using the service you accept them. If you do not agree, do not use the service.`,
    ]),
    section('Who may use the service', [
      'You must be at least 18 years old, or the age of majority where you live if higher, and legally able to enter this contract. Adult content is shown only after you confirm your age. You are responsible for keeping access to your e-mail and devices secure; anyone using your session acts on your behalf.',
    ]),
    section('AI characters', [
      'Every character, message, voice and image in the service is generated by artificial intelligence. Characters are fictional; they are not real people, do not give professional advice and may say things that are inaccurate. Do not rely on them for medical, legal, financial or emergency decisions. In an emergency, contact your local emergency services.',
    ]),
    section(
      'Subscriptions and tokens',
      [
        'Some features need a subscription or tokens, the in-service currency used to unlock characters and images, generate photos and use premium features. Prices, including taxes where they apply, are shown before you pay.',
      ],
      [
        'Subscriptions renew automatically at the end of each period until you cancel. You can cancel at any time in Settings; you keep access until the end of the paid period.',
        'Tokens have no cash value, cannot be transferred or exchanged for money and are consumed when you use them.',
        'Daily bonus tokens are a free gift and may be changed or withdrawn.',
        'Refunds follow the law of your country and our Chargeback Fraud Mitigation Policy; write to us before disputing a payment with your bank.',
      ],
    ),
    section('Your content and conduct', [
      'You keep the rights you have in what you write. You give us a licence to store, process and display it to provide the service to you. You must not use the service to create or request content listed in the Blocked Content Policy, to harass anyone, to impersonate a real person, to break the law or to interfere with the service, including by scraping or automated access.',
    ]),
    section('Suspension and ending', [
      'You may delete your account at any time. We may suspend or close an account that breaks these terms, with notice where the law requires it; tokens obtained through fraud or a reversed payment are removed. If we close the service we will give you reasonable notice.',
    ]),
    section('Liability', [
      'We provide the service with reasonable care and skill, but we cannot promise it will always be available or free of errors. To the extent the law allows, we are not liable for indirect or consequential loss, and our total liability is limited to what you paid us in the 12 months before the claim. Nothing here limits liability that cannot be limited by law.',
    ]),
    section('Law and disputes', [governingLaw(ctx)]),
    contact(ctx),
  ],

  'cookies-policy': (ctx) => [
    section('What this covers', [
      `${ctx.brand} stores small pieces of information in your browser: cookies and local or session storage. This policy explains each kind and how to control it.`,
    ]),
    section(
      'Strictly necessary',
      [
        'These keep the service working and cannot be switched off in the service; blocking them in your browser signs you out:',
      ],
      [
        'Sign-in state and tokens (stored under keys beginning with "persist:"), so you stay signed in between visits.',
        'Your age and content confirmations, so adult content is shown only after you confirm.',
        'A device fingerprint hash, used to protect your account and payments from fraud.',
        'The character you are creating, kept in session storage until you finish.',
      ],
    ),
    section('Preferences', [
      'Your theme (dark or light) and the category you browse (realistic or anime) are remembered so the service looks the way you left it.',
    ]),
    section('Measurement and advertising', [
      'When you arrive from an advertisement we store the campaign and click identifiers from the link, so the advertiser can learn that a visit or purchase happened. Where the law requires consent we ask for it first, and you can withdraw it at any time.',
    ]),
    section('How to control them', [
      'Every browser lets you view and delete cookies and site data in its settings. Deleting them signs you out and resets your preferences.',
    ]),
    contact(ctx),
  ],

  'underage-policy': (ctx) => [
    section('Adults only', [
      `${ctx.brand} is intended only for people who are 18 or older, or the age of majority where they live if higher. Minors may not register, browse, chat, buy or create characters.`,
    ]),
    section(
      'How we keep minors out',
      [],
      [
        'Adult content stays hidden until the visitor confirms being an adult, and sensitive features require a birth month and year.',
        'Characters are always depicted as adults. Prompts, names or descriptions that suggest a minor are blocked, and generated images are checked.',
        'Accounts that appear to belong to a minor are suspended while we review them.',
        'Our payment providers refuse payments from cards and accounts of minors where they can detect them.',
      ],
    ),
    section('Parents and guardians', [
      'Filtering software and device-level parental controls can block adult sites, including ours. If you believe a minor has used the service, tell us and we will close the account and delete its data.',
    ]),
    section('Report a concern', [
      `Write to ${ctx.email} with the e-mail address or details of the account. We act on every report within 24 hours. Content that may sexualise a minor is removed at once and reported to the competent authorities and, where applicable, to the National Center for Missing & Exploited Children.`,
    ]),
    contact(ctx),
  ],

  'content-removal-policy': (ctx) => [
    section('What you can ask us to remove', [
      `Any character, image, message or other content on ${ctx.brand} that you believe is unlawful, infringes your rights, depicts you or resembles you without consent, or breaks our Blocked Content Policy.`,
    ]),
    section(
      'How to ask',
      [`Write to ${ctx.email} with the subject "Content removal" and include:`],
      [
        'a link to or a description of the content, precise enough for us to find it;',
        'why it should be removed, and your relationship to it (for example, the person depicted);',
        'your name and a way to contact you;',
        'a statement that the information in your request is accurate.',
      ],
    ),
    section('What we do', [
      'We confirm your request within 2 business days, disable access to content that plainly breaks the law or our policies at once, and decide on other requests within 7 days. We tell you the outcome and, where it is not removed, why. If we remove content a user created we tell that user, who may ask us to review the decision.',
    ]),
    section('Copyright', [
      'Copyright claims follow the DMCA Policy, which sets out the notice and counter-notice process.',
    ]),
    contact(ctx),
  ],

  'blocked-content-policy': (ctx) => [
    section('Why this exists', [
      `Characters and images on ${ctx.brand} are generated on request. These rules say what may never be requested, generated or shared, whoever asks.`,
    ]),
    section(
      'Never allowed',
      [],
      [
        'Anyone under 18, or anyone who looks, acts or is described as a minor, in any sexual or suggestive context.',
        'Real, identifiable people, including celebrities, without their documented consent.',
        'Non-consensual sexual content, sexual violence, incest and bestiality.',
        'Extreme violence, gore, self-harm encouragement and content that glorifies terrorism.',
        'Hate speech or harassment based on race, ethnicity, religion, disability, gender, sexual orientation or similar characteristics.',
        'Content that promotes illegal drugs, weapons trafficking, human trafficking or other crimes.',
        'Personal data of other people, such as addresses, phone numbers or documents.',
      ],
    ),
    section('How we enforce it', [
      'Prompts, character descriptions and generated images pass automatic filters; blocked requests are refused before anything is generated. Reported content is reviewed by people. A breach can lead to removal of the content, loss of tokens obtained through it, suspension or permanent closure of the account, and a report to the authorities where the law requires it.',
    ]),
    section('Report content', [
      'Use the contact form or write to us. See the Content Removal Policy for what to include.',
    ]),
    contact(ctx),
  ],

  'dmca-policy': (ctx) => [
    section('Scope', [
      `${ctx.entity.companyName} respects intellectual property and answers notices under the US Digital Millennium Copyright Act (17 U.S.C. § 512) and similar laws elsewhere.`,
    ]),
    section(
      'Takedown notice',
      [`Send a written notice to our designated agent at ${ctx.email} containing:`],
      [
        'your physical or electronic signature;',
        'the copyrighted work you believe is infringed;',
        'the material on the service you want removed, with a link or enough detail to find it;',
        'your address, telephone number and e-mail address;',
        'a statement that you believe in good faith the use is not authorised by the owner, its agent or the law;',
        'a statement, under penalty of perjury, that the notice is accurate and you are the owner or authorised to act for the owner.',
      ],
    ),
    section('Counter-notice', [
      'If your content was removed and you believe this was a mistake, you may send a counter-notice with your signature, the removed material and where it appeared, a statement under penalty of perjury that it was removed by mistake or misidentification, and your consent to the jurisdiction of the competent court. We forward it to the claimant and restore the material in 10 to 14 business days unless the claimant tells us it has started court action.',
    ]),
    section('Repeat infringers', ['We close the accounts of users who repeatedly infringe copyright.']),
    section('Designated agent', [`${ctx.entity.addressWithCompanyName}. E-mail: ${ctx.email}.`]),
  ],

  'complaint-policy': (ctx) => [
    section('Our commitment', [
      `If something went wrong with ${ctx.brand}, a payment, a subscription or content you saw, we want to hear about it and put it right. Complaints are free and never affect how we treat your account.`,
    ]),
    section(
      'How to complain',
      [`Use the contact form or write to ${ctx.email}. Tell us:`],
      [
        'the e-mail address of your account, if you have one;',
        'what happened and when;',
        'for a payment: the date, the amount and the last four digits of the card;',
        'what you would like us to do.',
      ],
    ),
    section('What happens next', [
      'We acknowledge your complaint within 2 business days and give you a full answer within 7 business days. If we need longer, for example to investigate with a payment provider, we tell you why and when to expect it; no complaint stays open longer than 30 days without an answer.',
    ]),
    section('If you are not satisfied', [
      `Ask for your complaint to be reviewed by a manager who was not involved; the ${ctx.entity.position.toLowerCase()} of ${ctx.entity.companyName} has the final say for us. You may also turn to the consumer protection authority or an alternative dispute resolution body where you live.`,
    ]),
  ],

  'complaint-management-policy': (ctx) => [
    section('Purpose', [
      `This policy sets out how ${ctx.entity.companyName} handles complaints about ${ctx.brand}, so each one is dealt with fairly, quickly and the same way.`,
    ]),
    section(
      'Our process',
      [],
      [
        'Receive: every complaint, through any channel, is logged with a reference number the day it arrives.',
        'Acknowledge: the complainant receives the reference and the name of the team handling it within 2 business days.',
        'Investigate: the support team gathers the account, payment and content records needed, contacting payment providers where necessary.',
        'Resolve: we answer in writing within 7 business days, explain our decision and, where we were wrong, put it right with a refund, restored tokens or removed content.',
        'Escalate: a complainant who disagrees may ask for a review by a manager not involved in the first answer, completed within 14 days.',
        'Close and learn: complaints are closed only after the answer is sent; recurring causes are reviewed monthly and fixed in the service.',
      ],
    ),
    section('Records and confidentiality', [
      'Complaint records are kept for 3 years and are seen only by staff who handle complaints. Personal data in them is processed as described in the Privacy Policy.',
    ]),
    section('Responsibility', [
      `The ${ctx.entity.position.toLowerCase()} of ${ctx.entity.companyName} is responsible for this policy and reviews it every year. Contact: ${ctx.email}.`,
    ]),
  ],

  exemption: (ctx) => [
    section('AI-generated content', [
      `All characters, images, voices and messages on ${ctx.brand} are created by artificial intelligence. They are fictional and do not depict, represent or refer to any real person. Any resemblance to a real person, living or dead, is coincidental.`,
    ]),
    section('Record-keeping exemption', [
      'Because no real person appears in the visual content, no performers were photographed or filmed to produce it. The content is therefore exempt from the record-keeping requirements of 18 U.S.C. § 2257 and 28 C.F.R. Part 75 and similar laws that apply to depictions of real individuals.',
    ]),
    section('All characters are adults', [
      'Every character is defined and generated as an adult aged 18 or over. Requests that describe or suggest a minor are refused (see the Blocked Content Policy).',
    ]),
    section('Contact', [
      `Questions about this statement: ${ctx.entity.addressWithCompanyName}, ${ctx.email}.`,
    ]),
  ],

  'anti-slavery-policy': (ctx) => [
    section('Statement', [
      `${ctx.entity.companyName} has zero tolerance for modern slavery, forced labour, child labour and human trafficking, in its own business and in its supply chain. This statement is made in the spirit of the UK Modern Slavery Act 2015, the Canadian Fighting Against Forced Labour and Child Labour in Supply Chains Act and the California Transparency in Supply Chains Act.`,
    ]),
    section('Our business and supply chain', [
      `${ctx.brand} is an online service. Our suppliers are cloud hosting and software providers, payment providers and professional advisers, most of them large regulated companies. The content of the service is generated by AI, so no models or performers are engaged to produce it.`,
    ]),
    section(
      'What we do',
      [],
      [
        'We pay every employee and contractor at least the legal minimum wage and check their right to work.',
        'We choose suppliers that publish their own anti-slavery commitments and may end a relationship with one that breaches them.',
        'We block and report content that promotes human trafficking or sexual exploitation.',
        'Staff can report concerns confidentially and without fear of retaliation.',
      ],
    ),
    section('Report a concern', [
      `Write to ${ctx.email}. This statement is approved by the ${ctx.entity.position.toLowerCase()} of ${ctx.entity.companyName} and reviewed every year.`,
    ]),
  ],

  'chargeback-fraud-mitigation-policy': (ctx) => [
    section('Talk to us first', [
      `If you do not recognise a charge from ${ctx.brand}, were charged twice, or are unhappy with a purchase, write to ${ctx.email} before contacting your bank. Most problems are solved within 2 business days, faster than a chargeback, and without your card being blocked.`,
    ]),
    section(
      'Refunds',
      [],
      [
        'Duplicate or mistaken charges are refunded in full.',
        'A subscription renewal cancelled within 48 hours and not used since is refunded.',
        'Unused token packs may be refunded within 14 days of purchase where the law of your country gives you that right.',
        'Refunds go back to the original payment method and usually arrive in 5 to 10 business days.',
      ],
    ),
    section('How we prevent fraud', [
      'Each payment is checked by our payment providers, including 3-D Secure authentication where your bank supports it. We use device fingerprints, IP and country checks and purchase history to spot stolen cards, and may ask you to confirm a payment. Descriptors on your statement name the brand so you can recognise the charge.',
    ]),
    section('When a chargeback is filed', [
      'We answer every chargeback with the records of the purchase: the account, the time of purchase and sign-in, the device and what was used. While a dispute is open the account may be paused and tokens bought with the disputed payment are frozen. A chargeback filed for a purchase that was made and used by the account holder is fraud; we may close the account and share the evidence with the card issuer.',
    ]),
    contact(ctx),
  ],
};

/** The full text of one policy for a brand, entity and country. */
export function legalDocument(slug: LegalSlug, ctx: LegalContext): LegalDocument {
  return { ...LEGAL_INDEX[slug], sections: WRITERS[slug](ctx) };
}
