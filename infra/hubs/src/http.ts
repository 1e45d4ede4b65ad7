// The plain-HTTP pieces every hub endpoint shares: CORS and the same-origin rule, JSON answers, the bearer token.

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Headers the official client sends, allowed by the CORS preflight. */
export const CORS_HEADERS = 'authorization, content-type, x-requested-with, x-signalr-user-agent';

/** Hub answers are never cached. */
export const NO_CACHE = {
  'Cache-Control': 'no-cache, no-store',
  Pragma: 'no-cache',
  Expires: 'Thu, 01 Jan 1970 00:00:00 GMT',
};

/** Whether `req` may use the hubs: no Origin, an allowed one, or the same origin the request reached. */
export function originAllowed(req: IncomingMessage, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  if (origin === undefined || allowedOrigins.has('*') || allowedOrigins.has(origin)) return true;
  // Same origin: the Host the request reached, or the one a proxy in front forwarded (the one-origin server). A page
  // cannot forge X-Forwarded-Host: browsers refuse it on WebSockets and the CORS preflight does not allow it.
  const forwarded = req.headers['x-forwarded-host'];
  const hosts = [
    req.headers.host,
    ...(typeof forwarded === 'string' ? forwarded.split(',') : (forwarded ?? [])),
  ].map((h) => h?.trim());
  try {
    return hosts.includes(new URL(origin).host);
  } catch {
    return false;
  }
}

/** The CORS headers of an allowed request (its Origin reflected, with credentials). */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  if (origin === undefined) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    Vary: 'Origin',
  };
}

export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...NO_CACHE, ...corsHeaders(req) });
  res.end(JSON.stringify(body));
}

/** The API's error shape: `{ error: { code, message } }`. */
export function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
): void {
  sendJson(req, res, status, { error: { code, message } });
}

/** The access token: `Authorization: Bearer`, else the `access_token` query the client uses for WebSockets. */
export function accessToken(req: IncomingMessage, url: URL): string | null {
  const header = req.headers.authorization;
  if (header !== undefined && /^Bearer /i.test(header)) return header.slice(7).trim() || null;
  return url.searchParams.get('access_token');
}

/** 16 random bytes, base64url: URL-safe because the client appends ids to the query unencoded. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}
