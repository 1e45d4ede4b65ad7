import type { Transitions } from './machine.ts';

/**
 * The mystery box modal (001 §2): variants base, extra and offer; a closed box, the reveal animation, the revealed
 * title, and it closes itself 1 s after the animation ends (`MYSTERY_BOX_CLOSE_MS`).
 */
export type MysteryBoxVariant = 'base' | 'extra' | 'offer';
export type MysteryBoxState = 'closed' | 'revealing' | 'revealed';
export type MysteryBoxEvent = 'open' | 'animationEnded' | 'closeTimerFired';

export const MYSTERY_BOX_TRANSITIONS: Transitions<MysteryBoxState, MysteryBoxEvent> = {
  closed: { open: 'revealing' },
  revealing: { animationEnded: 'revealed' },
  revealed: { closeTimerFired: 'end' },
};

const TITLES: Record<MysteryBoxVariant, { title: string; revealed: string }> = {
  base: { title: "You've found mystery box", revealed: 'Your extra discount' },
  extra: { title: "You've forgot something", revealed: 'Your final offer' },
  offer: { title: "You've found mystery box", revealed: 'Your Exclusive Offer' },
};

/** The title before and after the reveal. */
export function mysteryBoxTitle(variant: MysteryBoxVariant, state: MysteryBoxState | 'end'): string {
  return state === 'closed' || state === 'revealing' ? TITLES[variant].title : TITLES[variant].revealed;
}

/** The tokens chain ends with the box a buyer 'forgot': the final offer. */
export const TOKENS_CHAIN_BOX: MysteryBoxVariant = 'extra';
