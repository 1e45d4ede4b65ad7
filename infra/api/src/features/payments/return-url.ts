import { badRequest } from '../../http/errors.ts';

// C0 controls, DEL, and the spaces the URL parser trims or drops (so `/\t/evil.example` is not `//evil.example`).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u0020\u007f\u0085\u00a0\u2028\u2029]/;

/**
 * successUrl / failUrl / redirectUrl: parsed by the WHATWG URL parser against the public origin, as a browser
 * following the redirect would; anything that resolves elsewhere, or carries control characters or spaces the
 * parser would silently drop, is a 400 naming the field. A path stays a path (normalised), an absolute URL
 * stays absolute.
 */
export function ownReturnUrl(raw: string, field: string, publicOrigin: string): string {
  if (UNSAFE.test(raw) || raw.includes('\\'))
    throw badRequest(
      `${field} must be a URL on this site, without spaces or control characters.`,
      field,
      'validation_failed',
    );
  let url: URL;
  try {
    url = new URL(raw, `${publicOrigin}/`);
  } catch {
    throw badRequest(`${field} must be a URL on this site.`, field, 'validation_failed');
  }
  if (url.origin !== publicOrigin || !/^https?:$/.test(url.protocol))
    throw badRequest(`${field} must point to this site (${publicOrigin}).`, field, 'foreign_return_url');
  if (!raw.startsWith('/')) return url.toString();
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A stored return URL the sandbox may still redirect to: a path or an http(s) URL, nothing a header refuses. */
export function redirectable(url: string): boolean {
  if (UNSAFE.test(url) || url.includes('\\')) return false;
  return (url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\/[^/]/.test(url);
}
