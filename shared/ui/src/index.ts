// The main entry: primitives and constants. Theme values and fonts are separate side-effect entries for the shell.
export { BREAKPOINTS, MEDIA_MAX, MEDIA_MIN } from './breakpoints.ts';
export type { BreakpointName } from './breakpoints.ts';
export { Button, IconButton } from './button/button.tsx';
export type { ButtonProps, ButtonSize, ButtonVariant, IconButtonProps } from './button/button.tsx';
export { FONT_STACKS } from './font-stacks.ts';
export type { FontName } from './font-stacks.ts';
export { Modal } from './modal/modal.tsx';
export type { ModalProps } from './modal/modal.tsx';
export { MODAL_WIDTHS } from './modal/modal-widths.ts';
export type { ModalSize } from './modal/modal-widths.ts';
export { Spinner } from './spinner/spinner.tsx';
export type { SpinnerProps } from './spinner/spinner.tsx';
export { VisuallyHidden } from './visually-hidden/visually-hidden.tsx';
export type { VisuallyHiddenProps } from './visually-hidden/visually-hidden.tsx';
