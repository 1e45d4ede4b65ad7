/** Modal widths in px (spec 000 §2.5, 001): daily bonus 440, quiz payment 776, everything else 600. */
export const MODAL_WIDTHS = {
  bonus: 440,
  default: 600,
  quiz: 776,
} as const;

/** A modal width preset. */
export type ModalSize = keyof typeof MODAL_WIDTHS;
