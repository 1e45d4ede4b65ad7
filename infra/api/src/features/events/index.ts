import { z } from 'zod';
import { currentUser } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import type { FeaturePlugin } from '../../http/feature.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import {
  AD_NETWORKS,
  AdClickRecord,
  materializeConversions,
  registerTracking,
  saveAdClick,
} from './tracking.ts';

// The fingerprint may be left out by a signed-in caller: a remote does not hold the device fingerprint, the
// account does (registered at pre-register / `POST Fingerprint`), ADR 0430.
const PropellerEvent = z.object({
  fingerprint: z.string().trim().min(1, 'fingerprint is required.').max(512).optional(),
});
const transactionType = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'type must be 1–40 letters, digits, _ or -.');
const TransactionsQuery = z.object({ type: transactionType });
const UpdateTransactions = z.object({
  // Any 8-4-4-4-12 hex id: conversions' ids are derived from order and network (md5), not random v4.
  ids: z.array(z.guid('ids must be UUIDs.')).min(1, 'ids must not be empty.').max(100),
  type: transactionType.optional(),
});
const AffiliateRegistration = z
  .object({
    affiliateId: z.string().trim().min(1).max(100).optional(),
    clickId: z.string().trim().min(1).max(200).optional(),
    source: z.string().trim().max(100).optional(),
    email: z.email().max(254).optional(),
    url: z.string().max(2048).optional(),
    // The partner sign-up of `/affiliates` (funnels): who applies and where their traffic comes from.
    name: z.string().trim().min(1).max(100).optional(),
    website: z.url().max(2048).optional(),
  })
  .refine((body) => body.affiliateId || body.clickId || body.email, {
    message: 'affiliateId, clickId or email is required.',
    path: ['affiliateId'],
  })
  .refine((body) => !body.email || body.name, { message: 'name is required with an email.', path: ['name'] });

/**
 * Event tracking: propeller pre-paywall event, tracking transactions and ad-click records for ad pixels, affiliate
 * registration, analytics batches and the attribution record (`tracking.ts`).
 */
export const eventsFeature: FeaturePlugin = async (app, deps) => {
  const { db } = deps;
  registerTracking(app, deps);

  app.post(
    '/Event/send-pre-paywall-propeller-event',
    { preHandler: app.authenticateOptional },
    async (request) => {
      const body = parseBody(PropellerEvent, request.body ?? {});
      const userId = request.user?.id ?? null;
      // Anonymous callers must name the device; a signed-in one is known by the account (its registered fingerprint
      // when it has one: an account made by e-mail sign-in may have none).
      if (!body.fingerprint && !userId) throw badRequest('fingerprint is required.', 'fingerprint');
      const fingerprint =
        body.fingerprint ??
        (
          await db.query<{ fingerprint: string | null }>('SELECT fingerprint FROM users WHERE id = $1', [
            userId,
          ])
        )[0]?.fingerprint ??
        null;
      await db.query(
        "INSERT INTO tracked_events (user_id, kind, payload) VALUES ($1, 'pre_paywall_propeller', $2)",
        [userId, JSON.stringify({ fingerprint })],
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
      // A network's paid orders become its transactions once the caller has an ad click there (001 §4 dedup).
      if ((AD_NETWORKS as readonly string[]).includes(type))
        await materializeConversions(deps, currentUser(request).id, type);
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

  // Two shapes (001 §7 "ad click id update"): `{ ids, type? }` marks transactions reported; an ad-click record
  // (`{ Type, ClickId, … }`, 001 §3) stores the caller's click id for that network before a checkout.
  app.put('/Event/update-event-tracking-transactions', { preHandler: app.authenticate }, async (request) => {
    const raw = request.body as Record<string, unknown> | null | undefined;
    if (raw && typeof raw === 'object' && 'Type' in raw) {
      await saveAdClick(deps, request, currentUser(request).id, parseBody(AdClickRecord, raw));
      return { updated: 1 };
    }
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
