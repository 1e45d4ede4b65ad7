import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, createAuthenticator } from '../../http/auth.ts';
import { unauthorized } from '../../http/errors.ts';
import type { AccountMergeStep, FeatureDeps } from '../../http/feature.ts';
import { parseBody } from '../../http/validate.ts';

/** The ad networks of 001 §4; ad-click records and tracking transactions are kept per network. */
export const AD_NETWORKS = ['facebook', 'tiktok', 'snapchat', 'twitter'] as const;

const eventName = z
  .string()
  .regex(/^[A-Za-z0-9_:.-]{1,64}$/, 'name must be 1–64 letters, digits, _, :, . or -.');
const propertyValue = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()], {
  message: 'properties values must be strings (≤ 500), finite numbers, booleans or null.',
});
const TrackedEvent = z.object({
  name: eventName,
  properties: z
    .record(
      z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'property names must be 1–64 letters, digits, _, . or -.'),
      propertyValue,
    )
    .refine((value) => Object.keys(value).length <= 40, 'properties must have at most 40 entries.')
    .default({}),
  at: z.iso.datetime({ offset: true, message: 'at must be an ISO date-time.' }).optional(),
  path: z.string().max(512).optional(),
});
/** `POST Event/track`: a batch from the shell (interval, size or pagehide beacon). */
const TrackBatch = z.object({
  events: z.array(TrackedEvent).min(1, 'events must not be empty.').max(50, 'events must hold at most 50.'),
  // sendBeacon cannot set headers: the beacon carries the access token in the body instead.
  accessToken: z.string().max(4096).optional(),
});

const text = (max: number) => z.string().trim().max(max).nullish();
/** The attribution record of 001 §3 (000 §4 capture), set by the shell once per capture. */
const AttributionRecord = z.object({
  Fingerprint: text(512),
  Metadata: z
    .record(z.string().max(64), z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 30, 'Metadata must have at most 30 entries.')
    .optional(),
  Url: text(2048),
  UtmSource: text(200),
  UtmMedium: text(200),
  UtmCampaign: text(200),
  UtmTerm: text(200),
  UtmContent: text(200),
  UtmId: text(200),
  Referer: text(2048),
  ClickIds: z
    .record(
      z.string().regex(/^[A-Za-z_]{1,32}$/, 'ClickIds keys must be parameter names.'),
      z.string().max(500),
    )
    .refine((value) => Object.keys(value).length <= 10, 'ClickIds must have at most 10 entries.')
    .optional(),
});

/** The ad-click record of 001 §3; the server records UserIp itself. */
export const AdClickRecord = z.object({
  Type: z.enum(AD_NETWORKS, { message: `Type must be one of ${AD_NETWORKS.join(', ')}.` }),
  ClickId: text(500),
  UserAgent: text(512),
  ExternalId: text(200),
  BrowserId: text(200),
  MetaClickId: text(500),
  UserIp: text(64),
});
export type AdClickRecord = z.infer<typeof AdClickRecord>;

/** Stores an ad-click record for the caller (one per network; the last update wins). */
export async function saveAdClick(
  deps: FeatureDeps,
  request: FastifyRequest,
  userId: string,
  record: AdClickRecord,
): Promise<void> {
  await deps.db.query(
    `INSERT INTO ad_clicks (user_id, type, click_id, user_agent, external_id, browser_id, meta_click_id, user_ip, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (user_id, type) DO UPDATE SET
       click_id = COALESCE(EXCLUDED.click_id, ad_clicks.click_id), user_agent = EXCLUDED.user_agent,
       external_id = EXCLUDED.external_id, browser_id = COALESCE(EXCLUDED.browser_id, ad_clicks.browser_id),
       meta_click_id = COALESCE(EXCLUDED.meta_click_id, ad_clicks.meta_click_id), user_ip = EXCLUDED.user_ip,
       updated_at = EXCLUDED.updated_at`,
    [
      userId,
      record.Type,
      record.ClickId ?? null,
      record.UserAgent ?? request.headers['user-agent']?.slice(0, 512) ?? null,
      record.ExternalId ?? userId,
      record.BrowserId ?? null,
      record.MetaClickId ?? null,
      // The address the server saw, not one the client claims.
      request.ip,
      deps.now(),
    ],
  );
}

/**
 * Turns the caller's paid orders into tracking transactions of `type` once it has an ad click there: one row per
 * order (a stable id from order and network), carrying the click id the pixel dedups with and whether it was the
 * user's first subscription (facebook's subscribe, 001 §4).
 */
export async function materializeConversions(deps: FeatureDeps, userId: string, type: string): Promise<void> {
  await deps.db.query(
    `INSERT INTO event_tracking_transactions (id, user_id, type, payload)
     SELECT md5(o.id::text || ':' || a.type)::uuid, o.user_id, a.type,
            jsonb_build_object(
              'orderId', o.id::text, 'clickId', a.click_id, 'productId', o.product_id,
              'value', o.amount, 'currency', o.currency,
              'firstSubscription', p.kind = 'subscription' AND NOT EXISTS (
                SELECT 1 FROM payment_orders earlier JOIN payment_products ep ON ep.id = earlier.product_id
                WHERE earlier.user_id = o.user_id AND earlier.status = 'approved' AND ep.kind = 'subscription'
                  AND earlier.created_at < o.created_at))
     FROM ad_clicks a
     JOIN payment_orders o ON o.user_id = a.user_id AND o.status = 'approved'
     JOIN payment_products p ON p.id = o.product_id
     WHERE a.user_id = $1 AND a.type = $2
     ON CONFLICT (id) DO NOTHING`,
    [userId, type],
  );
}

/**
 * `POST Event/track` (analytics batches) and `POST Event/set-attribution` (001 §3 attribution record): validated
 * (400 naming the field), rate-limited per client address, stored with the caller.
 */
export function registerTracking(app: FastifyInstance, deps: FeatureDeps): void {
  const { db, config } = deps;
  const authenticator = createAuthenticator({ db, jwtKey: deps.jwtKey, now: deps.now });
  const limited = { rateLimit: { max: config.eventTrackRateLimitPerMinute, timeWindow: 60_000 } };

  app.post('/Event/track', { config: limited }, async (request, reply) => {
    const body = parseBody(TrackBatch, request.body);
    // A header wins; a beacon's body token stands in for it. Without either the events are the visitor's
    // before pre-registration and are kept without a user.
    const token = bearerToken(request) || body.accessToken || null;
    let userId: string | null = null;
    if (token) {
      const result = await authenticator(token);
      if (!result.ok) throw unauthorized('Access token is invalid or expired.', result.code);
      userId = result.userId;
    }
    const received = deps.now();
    const values: unknown[] = [];
    const rows = body.events.map((event, index) => {
      const at = event.at ? new Date(event.at) : received;
      // A clock far ahead of the server's must not place events in a future report.
      const occurred = at.getTime() > received.getTime() + 60_000 ? received : at;
      values.push(userId, event.name, JSON.stringify(event.properties), event.path ?? null, occurred);
      const n = index * 5;
      return `($${n + 1}, $${n + 2}, $${n + 3}::jsonb, $${n + 4}, $${n + 5})`;
    });
    await db.query(
      `INSERT INTO analytics_events (user_id, name, properties, path, occurred_at) VALUES ${rows.join(', ')}`,
      values,
    );
    return reply.status(202).send({ accepted: body.events.length });
  });

  app.post('/Event/set-attribution', { preHandler: app.authenticate, config: limited }, async (request) => {
    const body = parseBody(AttributionRecord, request.body);
    const user = request.user!;
    await db.query(
      `INSERT INTO user_attributions (user_id, fingerprint, metadata, url, utm_source, utm_medium, utm_campaign,
         utm_term, utm_content, utm_id, referer, click_ids, created_at, updated_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $13)
       ON CONFLICT (user_id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, metadata = EXCLUDED.metadata,
         url = EXCLUDED.url, utm_source = EXCLUDED.utm_source, utm_medium = EXCLUDED.utm_medium,
         utm_campaign = EXCLUDED.utm_campaign, utm_term = EXCLUDED.utm_term, utm_content = EXCLUDED.utm_content,
         utm_id = EXCLUDED.utm_id, referer = EXCLUDED.referer, click_ids = EXCLUDED.click_ids,
         updated_at = EXCLUDED.updated_at`,
      [
        user.id,
        body.Fingerprint ?? null,
        JSON.stringify(body.Metadata ?? {}),
        body.Url ?? null,
        body.UtmSource ?? null,
        body.UtmMedium ?? null,
        body.UtmCampaign ?? null,
        body.UtmTerm ?? null,
        body.UtmContent ?? null,
        body.UtmId ?? null,
        body.Referer ?? null,
        JSON.stringify(body.ClickIds ?? {}),
        deps.now(),
      ],
    );
    return { success: true };
  });
}

/** Visitor → account (ADR 0011): their analytics, attribution and ad clicks follow them. */
export const mergeTracking: AccountMergeStep = async (tx, { fromUserId, toUserId }) => {
  await tx.query('UPDATE analytics_events SET user_id = $2 WHERE user_id = $1', [fromUserId, toUserId]);
  await tx.query(
    `UPDATE user_attributions SET user_id = $2 WHERE user_id = $1
       AND NOT EXISTS (SELECT 1 FROM user_attributions WHERE user_id = $2)`,
    [fromUserId, toUserId],
  );
  await tx.query(
    `UPDATE ad_clicks SET user_id = $2 WHERE user_id = $1
       AND type NOT IN (SELECT type FROM ad_clicks WHERE user_id = $2)`,
    [fromUserId, toUserId],
  );
};
