import type { Transitions } from './machine.ts';

/**
 * Tokens offers after a successful token purchase (001 §2, §4): upsell 'Double Package' → (declined, confirmed)
 * downsell 'You're Lucky Today' → (declined, confirmed) mystery box → its revealed offer → (declined, confirmed
 * with the 'mystery' variant) the end. A purchase ends it. The box alone (`MYSTERY_BOX_ENTRY`) starts at the box.
 */
export type TokensOfferState =
  'upsell' | 'confirmUpsell' | 'downsell' | 'confirmDownsell' | 'mysteryBox' | 'boxOffer' | 'confirmBox';
export type TokensOfferEvent = 'purchased' | 'decline' | 'leave' | 'stay' | 'revealed';

export const TOKENS_OFFER_TRANSITIONS: Transitions<TokensOfferState, TokensOfferEvent> = {
  upsell: { purchased: 'end', decline: 'confirmUpsell' },
  confirmUpsell: { leave: 'downsell', stay: 'upsell' },
  downsell: { purchased: 'end', decline: 'confirmDownsell' },
  confirmDownsell: { leave: 'mysteryBox', stay: 'downsell' },
  mysteryBox: { revealed: 'boxOffer' },
  boxOffer: { purchased: 'end', decline: 'confirmBox' },
  confirmBox: { leave: 'end', stay: 'boxOffer' },
};

/** Where a flow that is only the mystery box starts (the box found on leaving a tokens paywall). */
export const MYSTERY_BOX_ENTRY: TokensOfferState = 'mysteryBox';

/** Copy of the two modals (001 §2), character for character. */
export const TOKENS_OFFER_COPY = {
  upsell: { title: 'Double Package', badge: 'Exclusive Offer', tag: '50% OFF' },
  downsell: { title: "You're Lucky Today", tag: '30% OFF', badge: 'Limited Offer' },
} as const;

/** Analytics of each modal (001 §7): `<name>_shown|clicked|closed`. */
export const TOKENS_OFFER_EVENTS = {
  upsell: 'tokens_upsell_modal',
  downsell: 'tokens_downsell_modal',
  mysteryBox: 'tokens_box_modal',
  boxOffer: 'tokens_box_modal',
} as const;
