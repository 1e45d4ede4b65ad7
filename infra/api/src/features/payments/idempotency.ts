// Stripe-style Idempotency-Key around a creation call (ADR 0102): claimed, answered once, replayed after.
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { currentUser } from '../../http/auth.ts';
import { HttpError, badRequest, conflict } from '../../http/errors.ts';
import { IdempotencyKey } from './routes/schemas.ts';

/** An idempotent call's answer: replayed when the key was answered before. */
export interface IdempotentResult {
  status: number;
  body: unknown;
  replayed: boolean;
}

/** Sends an idempotent call's answer, marking a replay the way Stripe does. */
export function sendResult(reply: FastifyReply, result: IdempotentResult) {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(result.status).send(result.body);
}

/** The key store on `payment_idempotency_keys`; `requestKey` is the key of the request being run (orders carry it). */
export function createIdempotency(db: Database, now: () => Date) {
  const requestKey = new AsyncLocalStorage<string>();

  /** Stripe-style Idempotency-Key around a creation call (ADR 0102). */
  async function idempotent(
    request: FastifyRequest,
    route: string,
    parsed: unknown,
    run: () => Promise<unknown>,
  ): Promise<{ status: number; body: unknown; replayed: boolean }> {
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return { status: 200, body: await run(), replayed: false };
    const key = IdempotencyKey.safeParse(Array.isArray(raw) ? raw[0] : raw);
    if (!key.success)
      throw badRequest('Idempotency-Key must be 1–255 characters.', 'Idempotency-Key', 'validation_failed');
    const userId = currentUser(request).id;
    const hash = crypto
      .createHash('sha256')
      .update(`${route}\n${JSON.stringify(parsed)}`)
      .digest('hex');
    const claimed = await db.query(
      `INSERT INTO payment_idempotency_keys (user_id, key, route, request_hash, created_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [userId, key.data, route, hash, now()],
    );
    if (claimed.length === 0) {
      const rows = await db.query<{
        route: string;
        request_hash: string;
        response_status: number | null;
        response_body: unknown;
      }>('SELECT * FROM payment_idempotency_keys WHERE user_id = $1 AND key = $2', [userId, key.data]);
      const saved = rows[0]!;
      if (saved.route !== route || saved.request_hash !== hash)
        throw new HttpError(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was already used with a different request.',
          'Idempotency-Key',
        );
      if (saved.response_status === null)
        throw conflict(
          'A request with this Idempotency-Key is still in progress.',
          'idempotency_in_progress',
          'Idempotency-Key',
        );
      return { status: saved.response_status, body: saved.response_body, replayed: true };
    }
    const save = (status: number, body: unknown) =>
      db.query(
        'UPDATE payment_idempotency_keys SET response_status = $3, response_body = $4 WHERE user_id = $1 AND key = $2',
        [userId, key.data, status, JSON.stringify(body)],
      );
    try {
      // The orders this request writes carry its key, so a crash mid-request is answered from them later.
      const body = await requestKey.run(key.data, run);
      await save(200, body);
      return { status: 200, body, replayed: false };
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) {
        await save(error.status, {
          error: {
            code: error.code,
            message: error.message,
            ...(error.field ? { field: error.field } : {}),
          },
        });
      } else {
        // A server-side failure did not happen as far as the client knows: the key may be retried.
        await db.query('DELETE FROM payment_idempotency_keys WHERE user_id = $1 AND key = $2', [
          userId,
          key.data,
        ]);
      }
      throw error;
    }
  }

  return { idempotent, requestKey };
}

/** `idempotent(request, route, parsed, run)`: runs `run` once per Idempotency-Key and replays its answer. */
export type Idempotent = ReturnType<typeof createIdempotency>['idempotent'];
