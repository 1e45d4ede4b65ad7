import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Headers on every response: no MIME sniffing, no framing by other sites, no full URLs leaked. */
const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Google sign-in (One Tap / button): its script, styles, iframe and XHR (spec 000 §4). */
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

/**
 * The page's Content-Security-Policy. Scripts: our origin (shell and remote chunks, loaded as files) and Google
 * sign-in; the one inline script (the theme painter in index.html) carries the per-response nonce. No
 * `unsafe-inline`, no `eval`. Images may come from any https origin (an external image engine or CDN).
 */
/** Origins a configured third party adds to the page's CSP (ad networks, the live card form). */
export interface CspSources {
  script: readonly string[];
  connect: readonly string[];
  frame?: readonly string[];
}

export function contentSecurityPolicy(
  nonce: string,
  extra: CspSources = { script: [], connect: [] },
  styleHashes: readonly string[] = [],
): string {
  // The configured ad networks (001 §4) add their script and beacon origins; the live card form its frames.
  const scripts = extra.script.map((origin) => ` ${origin}`).join('');
  const connects = extra.connect.map((origin) => ` ${origin}`).join('');
  const frames = (extra.frame ?? []).map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${GOOGLE_SIGN_IN}client${scripts}`,
    // A first screen's own style attributes (a reserved image box, a skeleton's size), by the hash of each value
    // and nothing else (ADR 0453).
    `style-src 'self' 'nonce-${nonce}' ${GOOGLE_SIGN_IN}style${styleHashes.length > 0 ? ` 'unsafe-hashes' ${styleHashes.join(' ')}` : ''}`,
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${GOOGLE_SIGN_IN}${connects}`,
    // 'self': the payment sandbox's embedded card form (`/api/sandbox/form`, ADR 0410).
    `frame-src 'self' ${GOOGLE_SIGN_IN}${frames}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Browser features the product never uses are off; the microphone stays available to our own pages (audio calls). */
const PERMISSIONS_POLICY =
  'camera=(), geolocation=(), microphone=(self), payment=(self), usb=(), interest-cohort=()';

/** A fresh nonce for one HTML response. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Headers of an HTML page: its CSP with `nonce`, Permissions-Policy, Referrer-Policy, and HSTS when the page was
 * served over TLS (directly, or by a trusted proxy that said so in X-Forwarded-Proto).
 */
export function setHtmlSecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  nonce: string,
  extra?: CspSources,
  styleHashes?: readonly string[],
): void {
  reply.header('content-security-policy', contentSecurityPolicy(nonce, extra, styleHashes));
  reply.header('permissions-policy', PERMISSIONS_POLICY);
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  if (request.protocol === 'https')
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
}

/** Adds the nonce to every inline `<script>` of a rendered page (JSON data blocks are not executed and need none). */
export function withNonce(html: string, nonce: string): string {
  return html.replaceAll('<script>', `<script nonce="${nonce}">`);
}

/** onSend hook adding the security headers unless the response (e.g. from the API) set its own. */
export async function addSecurityHeaders(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
  return payload;
}

const STYLE_ATTRIBUTE = /\sstyle="([^"]*)"/g;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/**
 * The CSP sources of the style attributes in a page (a server-rendered first screen's, ADR 0453): `'sha256-…'` of
 * each distinct value as the browser reads it (entities decoded), for `'unsafe-hashes'`. The template has none.
 */
export function inlineStyleHashes(html: string): string[] {
  const values = new Set<string>();
  for (const [, value = ''] of html.matchAll(STYLE_ATTRIBUTE))
    values.add(value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity));
  return [...values].map((value) => `'sha256-${createHash('sha256').update(value).digest('base64')}'`);
}
