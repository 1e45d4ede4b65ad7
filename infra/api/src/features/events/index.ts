import { z } from 'zod';
import { currentUser } from '../../http/auth.ts';
import type { FeaturePlugin } from '../../http/feature.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';

const PropellerEvent = z.object({
  fingerprint: z.string().trim().min(1, 'fingerprint is required.').max(512),
});
const transactionType = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'type must be 1–40 letters, digits, _ or -.');
const TransactionsQuery = z.object({ type: transactionType });
const UpdateTransactions = z.object({
  ids: z.array(z.uuid('ids must be UUIDs.')).min(1, 'ids must not be empty.').max(100),
  type: transactionType.optional(),
});
const AffiliateRegistration = z
  .object({
    affiliateId: z.string().trim().min(1).max(100).optional(),
    clickId: z.string().trim().min(1).max(200).optional(),
    source: z.string().trim().max(100).optional(),
    email: z.email().max(254).optional(),
    url: z.string().max(2048).optional(),
  })
  .refine((body) => body.affiliateId || body.clickId, {
    message: 'affiliateId or clickId is required.',
    path: ['affiliateId'],
  });

/** Event tracking: propeller pre-paywall event, tracking transactions for ad pixels, affiliate registration. */
export const eventsFeature: FeaturePlugin = async (app, deps) => {
  const { db } = deps;

  app.post(
    '/Event/send-pre-paywall-propeller-event',
    { preHandler: app.authenticateOptional },
    async (request) => {
      const body = parseBody(PropellerEvent, request.body);
      await db.query(
        "INSERT INTO tracked_events (user_id, kind, payload) VALUES ($1, 'pre_paywall_propeller', $2)",
        [request.user?.id ?? null, JSON.stringify(body)],
      );
      return { success: true };
    },
  );

  // Spec: "response read as text". We answer the pending transactions of that type as JSON text.
  app.get(
    '/Event/get-event-tracking-transactions',
    { preHandler: app.authenticate },
    async (request, reply) => {
      const { type } = parseQuery(TransactionsQuery, request.query);
      const rows = await db.query<{ id: string; type: string; payload: unknown; created_at: Date }>(
        'SELECT id, type, payload, created_at FROM event_tracking_transactions WHERE user_id = $1 AND type = $2 AND reported_at IS NULL ORDER BY created_at',
        [currentUser(request).id, type],
      );
      const list = rows.map((row) => ({
        id: row.id,
        type: row.type,
        payload: row.payload,
        createdAt: row.created_at.toISOString(),
      }));
      return reply.type('text/plain; charset=utf-8').send(JSON.stringify(list));
    },
  );

  app.put('/Event/update-event-tracking-transactions', { preHandler: app.authenticate }, async (request) => {
    const body = parseBody(UpdateTransactions, request.body);
    // Scoped to the caller: ids of other users' transactions are silently not touched.
    const rows = await db.query(
      `UPDATE event_tracking_transactions SET reported_at = $3
       WHERE user_id = $1 AND id = ANY($2::uuid[]) AND reported_at IS NULL AND ($4::text IS NULL OR type = $4) RETURNING id`,
      [currentUser(request).id, body.ids, deps.now(), body.type ?? null],
    );
    return { updated: rows.length };
  });

  app.post('/event/affiliate-registration', { preHandler: app.authenticateOptional }, async (request) => {
    const body = parseBody(AffiliateRegistration, request.body);
    await db.query(
      "INSERT INTO tracked_events (user_id, kind, payload) VALUES ($1, 'affiliate_registration', $2)",
      [request.user?.id ?? null, JSON.stringify(body)],
    );
    return { success: true };
  });
};
