/** Replies smaller than this go out uncompressed (the `@fastify/compress` threshold in `app.ts`). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * True when `@fastify/compress` (encodings `['gzip']`) would certainly gzip this request's reply: the
 * `Accept-Encoding` list names `gzip` (or `x-gzip`) and carries no quality values, and `x-no-compression` is absent.
 * Any other header answers false, and the caller leaves the negotiation to the plugin.
 */
export function acceptsPlainGzip(headers: Record<string, string | string[] | undefined>): boolean {
  if (headers['x-no-compression'] !== undefined) return false;
  const header = headers['accept-encoding'];
  if (typeof header !== 'string' || header.includes(';')) return false;
  return header
    .toLowerCase()
    .split(',')
    .some((token) => {
      const name = token.trim();
      return name === 'gzip' || name === 'x-gzip';
    });
}
