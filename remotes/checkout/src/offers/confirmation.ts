/**
 * The confirmation ('are you sure') modal (001 §2): 10 variants, each with an adult and a non-adult text set,
 * the buttons 'Yes, lose access' and 'No, go back'; it cannot be closed by backdrop or Escape.
 */
export const CONFIRMATION_BUTTONS = { leave: 'Yes, lose access', stay: 'No, go back' } as const;

export type ConfirmationVariant =
  | 'one-time-offer'
  | 'once-in-a-lifetime'
  | 'free-tokens'
  | 'double-package'
  | 'lucky-today'
  | 'mystery'
  | 'welcome'
  | 'upgrade'
  | 'last-chance'
  | 'lifetime';

export interface ConfirmationText {
  title: string;
  text: string;
}

/** The ten variants, in the order of the spec's examples first. */
export const CONFIRMATION_VARIANTS: readonly ConfirmationVariant[] = [
  'one-time-offer',
  'once-in-a-lifetime',
  'free-tokens',
  'double-package',
  'lucky-today',
  'mystery',
  'welcome',
  'upgrade',
  'last-chance',
  'lifetime',
];

const TEXTS: Record<ConfirmationVariant, { adult: ConfirmationText; safe: ConfirmationText }> = {
  'one-time-offer': {
    adult: {
      title: 'This is a one-time offer',
      text: 'Leave now and this deal is gone for good. She was just getting started with you…',
    },
    safe: {
      title: 'This is a one-time offer',
      text: 'Leave now and this deal is gone for good. It will not be shown again.',
    },
  },
  'once-in-a-lifetime': {
    adult: {
      title: 'Once in a lifetime',
      text: 'A price like this never comes back. Are you sure you want to leave her waiting?',
    },
    safe: {
      title: 'Once in a lifetime',
      text: 'A price like this never comes back. Are you sure you want to miss it?',
    },
  },
  'free-tokens': {
    adult: {
      title: 'Your free tokens will burn',
      text: 'The extra tokens are already waiting for you. Close this and they vanish, along with her next message.',
    },
    safe: {
      title: 'Your free tokens will burn',
      text: 'The extra tokens are already reserved for you. Close this and they are gone.',
    },
  },
  'double-package': {
    adult: {
      title: 'Give up double the fun?',
      text: 'Twice the tokens for the same desire. Walk away and the double package disappears.',
    },
    safe: {
      title: 'Give up double the tokens?',
      text: 'Twice the tokens at half the price. Walk away and the double package disappears.',
    },
  },
  'lucky-today': {
    adult: {
      title: 'Luck like this is rare',
      text: 'Today the stars are on your side and so is she. Tomorrow this discount will be gone.',
    },
    safe: {
      title: 'Luck like this is rare',
      text: 'Today’s discount is yours alone. Tomorrow it will be gone.',
    },
  },
  mystery: {
    adult: {
      title: 'Leave the surprise unopened?',
      text: 'Something hot is hidden just for you. Once you close this, the box is gone.',
    },
    safe: {
      title: 'Leave the surprise unopened?',
      text: 'Something special is hidden just for you. Once you close this, the box is gone.',
    },
  },
  welcome: {
    adult: {
      title: 'Your welcome gift expires',
      text: 'New here? This pack is only for you, and only now. She is waiting to get to know you better.',
    },
    safe: {
      title: 'Your welcome gift expires',
      text: 'New here? This pack is only for you, and only now.',
    },
  },
  upgrade: {
    adult: {
      title: 'Keep paying more for less?',
      text: 'A longer plan costs less per day and keeps her close for longer. This price is not coming back.',
    },
    safe: {
      title: 'Keep paying more for less?',
      text: 'A longer plan costs less per day. This price is not coming back.',
    },
  },
  'last-chance': {
    adult: {
      title: 'This is your last chance',
      text: 'After this, no more extra discount and no more second chances. Sure you want to say goodbye?',
    },
    safe: {
      title: 'This is your last chance',
      text: 'After this, no more extra discount and no more second chances.',
    },
  },
  lifetime: {
    adult: {
      title: 'Forever, for one payment',
      text: 'Endless nights for the price of one. If you leave now, lifetime access is off the table.',
    },
    safe: {
      title: 'Forever, for one payment',
      text: 'Everything, forever, for one payment. If you leave now, lifetime access is off the table.',
    },
  },
};

/** The text of a variant for an adult-content user or not (001 §6: adult users see different copy). */
export function confirmationText(variant: ConfirmationVariant, adult: boolean): ConfirmationText {
  return TEXTS[variant][adult ? 'adult' : 'safe'];
}

/** Which variant guards leaving which offer step: data, one row per step that can be declined. */
export const CONFIRMATION_FOR_STEP: Readonly<Record<string, ConfirmationVariant>> = {
  'tokens:upsell': 'double-package',
  'tokens:downsell': 'lucky-today',
  'tokens:mysteryBox': 'mystery',
  'tokens:boxOffer': 'mystery',
  'insufficient:main': 'free-tokens',
  'welcome:welcome': 'welcome',
  'welcome:downsell': 'one-time-offer',
  'upgrade:upgrade': 'upgrade',
  'upgrade:upgradeDownsell': 'last-chance',
  'upgrade:upgradeDownsell2': 'once-in-a-lifetime',
  'upgrade:lifetime': 'lifetime',
};

/** The variant for leaving `step` of `flow` ('one-time-offer' for any step the table does not name). */
export function confirmationVariant(flow: string, step: string): ConfirmationVariant {
  return CONFIRMATION_FOR_STEP[`${flow}:${step}`] ?? 'one-time-offer';
}
