import type { InsufficientTokensRequest } from '@companion/contracts';
import type { Transitions } from './machine.ts';

/**
 * The insufficient-tokens popup (001 §2): 'Not enough tokens', an x2 package with 'Get N FREE tokens', 59 s;
 * closing it asks for confirmation, then the downsell "Honey, don't go now!" x2 at 70% OFF with 60 s.
 */
export type InsufficientState = 'main' | 'confirm' | 'downsell';
export type InsufficientEvent = 'purchased' | 'decline' | 'leave' | 'stay';

export const INSUFFICIENT_TRANSITIONS: Transitions<InsufficientState, InsufficientEvent> = {
  main: { purchased: 'end', decline: 'confirm' },
  confirm: { leave: 'downsell', stay: 'main' },
  downsell: { purchased: 'end', decline: 'end' },
};

export const INSUFFICIENT_COPY = {
  main: {
    title: 'Not enough tokens',
    tag: 'x2',
    note: 'This offer is available only now, on this screen.',
  },
  downsell: { title: "Honey, don't go now!", tag: '70% OFF' },
} as const;

/** 'Get N FREE tokens' for the x2 package's bonus. */
export const freeTokensLabel = (bonus: number) => `Get ${bonus} FREE tokens`;

/** The spec knows message and photo requests; a character creation is a message-kind request. */
export type RequestKind = 'message' | 'photo';
export const requestKind = (request: InsufficientTokensRequest): RequestKind =>
  request === 'photo' ? 'photo' : 'message';

/** Analytics name (001 §7): insufficient_funds_{message|photo}_{main|downsell}_popup_{shown|clicked|closed}. */
export function insufficientEvent(
  kind: RequestKind,
  step: 'main' | 'downsell',
  action: 'popup_shown' | 'clicked' | 'closed',
): string {
  return `insufficient_funds_${kind}_${step}_${action}`;
}

/** The imagery key: by request kind and adult content (001 §2). */
export type InsufficientArt = `${RequestKind}-${'adult' | 'safe'}`;
export const insufficientArt = (kind: RequestKind, adult: boolean): InsufficientArt =>
  `${kind}-${adult ? 'adult' : 'safe'}`;
