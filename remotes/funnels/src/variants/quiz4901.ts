import { characterQuiz } from './build.ts';

/**
 * Quiz 4901: the discount paywall at /4901 and /4901/pricing (001 §2 'Your Special Discount Is Applied!'),
 * a free match and her chat at /4901/chat.
 */
export default characterQuiz({
  name: 'quiz4901',
  paths: { '/4901': 'paywall', '/4901/chat': 'match', '/4901/pricing': 'paywall' },
  tone: 'black',
  discount: true,
  copy: {
    eyebrow: 'Limited offer',
    title: 'Build her. Get her at a discount.',
    lead: 'Finish the quiz and unlock your special price for Premium.',
    cta: 'Start',
    landingTitle: '{name} is waiting, with your discount',
    landingLead: 'Your special discount is applied for today.',
    landingCta: 'Claim my discount',
  },
});
