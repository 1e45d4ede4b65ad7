// The lock count sits on <body> rather than in module state: two remotes each bundle this file, and a modal from
// one may open over a modal from another (checkout's paywall over chat).
const COUNT_ATTR = 'data-cmp-scroll-locks';
const SAVED_OVERFLOW_ATTR = 'data-cmp-saved-overflow';
const SAVED_PADDING_ATTR = 'data-cmp-saved-padding-right';

/** Locks page scroll until the returned function is called; nested locks release on the last unlock. */
export function lockBodyScroll(): () => void {
  const body = document.body;
  const count = Number(body.getAttribute(COUNT_ATTR) ?? '0');
  if (count === 0) {
    // Keep the layout from shifting when the scrollbar disappears.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.setAttribute(SAVED_OVERFLOW_ATTR, body.style.overflow);
    body.setAttribute(SAVED_PADDING_ATTR, body.style.paddingRight);
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  }
  body.setAttribute(COUNT_ATTR, String(count + 1));

  let released = false;
  return () => {
    if (released) return;
    released = true;
    const remaining = Number(body.getAttribute(COUNT_ATTR) ?? '1') - 1;
    if (remaining > 0) {
      body.setAttribute(COUNT_ATTR, String(remaining));
      return;
    }
    body.style.overflow = body.getAttribute(SAVED_OVERFLOW_ATTR) ?? '';
    body.style.paddingRight = body.getAttribute(SAVED_PADDING_ATTR) ?? '';
    body.removeAttribute(COUNT_ATTR);
    body.removeAttribute(SAVED_OVERFLOW_ATTR);
    body.removeAttribute(SAVED_PADDING_ATTR);
  };
}
