/** What {@link leaveTo} needs of `window.location` (a parameter so tests can pass a fake). */
export interface LeavableLocation {
  readonly href: string;
  assign(url: string): void;
}

/**
 * Leaves the app for another page, such as a payment provider's hosted checkout: a full navigation, usually to
 * another origin, which the shared history cannot do. Only http(s) targets are followed (a `javascript:` or
 * `data:` link from a server answer is refused); relative URLs resolve against the current page.
 */
export function leaveTo(url: string, location: LeavableLocation = window.location): void {
  const target = new URL(url, location.href);
  if (target.protocol !== 'https:' && target.protocol !== 'http:')
    throw new Error(`leaveTo: refusing to navigate to a ${target.protocol} URL.`);
  location.assign(target.href);
}
