import type { FastifyReply } from 'fastify';

/** Sends the platform's JSON error body `{ error: { code, message } }`. */
export function sendError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ error: { code, message } });
}
