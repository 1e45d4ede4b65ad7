/**
 * Modal widths in px (spec 000 §2.5, 001): `sm` 440 (daily bonus), `md` 600 (the default), `lg` 776 (quiz
 * payment). `default` is the old name of `md`, kept while checkout's paywall still uses it.
 */
export const MODAL_WIDTHS = {
  sm: 440,
  md: 600,
  lg: 776,
  default: 600,
} as const;

/** A modal width preset. */
export type ModalSize = keyof typeof MODAL_WIDTHS;
