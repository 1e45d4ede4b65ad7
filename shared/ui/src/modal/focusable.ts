// Hand-written instead of focus-trap/tabbable: each remote bundles its own copy of this package, so the state
// that decides which dialog owns focus must live in the DOM (see ADR 0041), and tabbable's layout checks
// treat every element as hidden under jsdom.
const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** Elements inside `root` that Tab can reach, in DOM order. */
export function tabbableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.closest('[hidden], [inert], [aria-hidden="true"]'),
  );
}

/** Every open modal dialog on the page, whichever bundle or library rendered it. */
export const OPEN_MODALS = '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]';

/** Whether `panel` is the last-opened modal dialog on the page, across bundles and libraries. */
export function isTopmostModal(panel: HTMLElement): boolean {
  const open = document.querySelectorAll(OPEN_MODALS);
  return open[open.length - 1] === panel;
}
