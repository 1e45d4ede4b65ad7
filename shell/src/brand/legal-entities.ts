import type { BrandId } from '@companion/contracts';

/** The countries with their own legal entity (spec 000 §2.5, §6); every other country uses `default`. */
export type LegalCountry = 'default' | 'CA' | 'US';

/** Legal footer data of one brand in one country (spec 000 §2.5). */
export interface LegalEntity {
  companyName: string;
  address: string;
  addressWithCompanyName: string;
  position: string;
  /** Not every entity publishes a phone; the maintenance page shows one only when it exists. */
  phone: string | null;
}

const entity = (
  companyName: string,
  address: string,
  position: string,
  phone: string | null,
): LegalEntity => ({
  companyName,
  address,
  addressWithCompanyName: `${companyName}, ${address}`,
  position,
  phone,
});

// The spec names the fields but not the values: these are the platform's placeholder entities, one per
// jurisdiction, shared by brands run by the same operator.
const EU_OPERATOR = entity(
  'Companion Labs Ltd',
  '12 Harbour Street, Limassol 3035, Cyprus',
  'Director',
  '+357 25 000 100',
);
const CA_OPERATOR = entity(
  'Companion Labs Canada Inc.',
  '400 Bay Street, Suite 1200, Toronto, ON M5H 2Y4, Canada',
  'President',
  '+1 416 555 0142',
);
const US_OPERATOR = entity(
  'Companion Labs USA LLC',
  '1209 Orange Street, Wilmington, DE 19801, USA',
  'Managing Member',
  '+1 302 555 0175',
);
const FRIEND_OPERATOR = entity(
  'Friendly Minds OÜ',
  'Narva mnt 7, Tallinn 10117, Estonia',
  'Board Member',
  null,
);
const FUNNEL_OPERATOR = entity('Quiz Media Ltd', '3 Agiou Andreou, Limassol 3036, Cyprus', 'Director', null);

const OPERATED: Record<LegalCountry, LegalEntity> = {
  default: EU_OPERATOR,
  CA: CA_OPERATOR,
  US: US_OPERATOR,
};
const FRIEND: Record<LegalCountry, LegalEntity> = {
  default: FRIEND_OPERATOR,
  CA: CA_OPERATOR,
  US: US_OPERATOR,
};
const FUNNEL: Record<LegalCountry, LegalEntity> = {
  default: FUNNEL_OPERATOR,
  CA: CA_OPERATOR,
  US: US_OPERATOR,
};

/** Legal footer data per brand and country. */
export const LEGAL_ENTITIES: Record<BrandId, Record<LegalCountry, LegalEntity>> = {
  main: OPERATED,
  mainMirror: OPERATED,
  getHarder: OPERATED,
  svitlo: OPERATED,
  myFriend: FRIEND,
  myMate: FRIEND,
  newGirl: FUNNEL,
  charmGirl: FUNNEL,
  fakeChat: FUNNEL,
  fbQuiz: FUNNEL,
  funnels: FUNNEL,
};

/** Maps a country code (`GET User/get-my-country`, ISO 3166 alpha-2, any case) to its legal jurisdiction. */
export function legalCountryOf(country: string | null | undefined): LegalCountry {
  const code = country?.trim().toUpperCase();
  if (code === 'CA' || code === 'CANADA') return 'CA';
  if (code === 'US' || code === 'USA' || code === 'UNITED STATES') return 'US';
  return 'default';
}

/** The legal entity a brand shows to a visitor from `country`. */
export function legalEntityFor(brand: BrandId, country: string | null | undefined): LegalEntity {
  return LEGAL_ENTITIES[brand][legalCountryOf(country)];
}
