import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers safe for module federation: they forbid MIME sniffing, framing by other sites and leaking full
 * URLs, but add no script policy, because remotes load chunks at run time and the shell talks to
 * third parties (Google sign-in, payment pages) whose origins are not ours to pin here.
 */
const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

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
