import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Sends the platform's JSON error body `{ error: { code, message, field? } }`. */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  field?: string,
): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ error: { code, message, ...(field ? { field } : {}) } });
}

/** Any failure no specific answer caught: a 5xx is logged and answered without its details, a 4xx with its message. */
export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  error: { message: string },
): FastifyReply {
  if (status >= 500) request.log.error(error);
  return sendError(
    reply,
    status,
    status >= 500 ? 'internal' : 'bad_request',
    status >= 500 ? 'Something went wrong.' : error.message,
  );
}

/**
 * Node's `clientError` (a request it cannot parse): headers over the limit → 431, anything else → 400, as the
 * platform's JSON error with `Connection: close`, so a keep-alive client knows to open a fresh socket instead of
 * waiting on this one.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const overflow = error.code === 'HPE_HEADER_OVERFLOW';
  const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = overflow ? 431 : timeout ? 408 : 400;
  const body = JSON.stringify({
    error: overflow
      ? { code: 'headers_too_large', message: 'Request headers are too large.', field: 'headers' }
      : { code: 'bad_request', message: 'The request could not be parsed.' },
  });
  const reason = overflow ? 'Request Header Fields Too Large' : timeout ? 'Request Timeout' : 'Bad Request';
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
