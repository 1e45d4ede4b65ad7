// Subscriptions (001 §7): cancel (with the answers), restore, and a plan change on the saved card.
import type { FastifyRequest } from 'fastify';
import { liveSubscription, refreshUserPaymentState, toWireSubscription } from '../../../db/payment-state.ts';
import { currentUser } from '../../../http/auth.ts';
import { badRequest, conflict, notFound } from '../../../http/errors.ts';
import { parseParam } from '../../../http/validate.ts';
import { sendResult } from '../idempotency.ts';
import type { PaymentRoutes } from './guards.ts';
import { CancelBody, UpdateBody, Uuid, parseBody } from './schemas.ts';

export function registerSubscriptionRoutes({ app, deps, orders, idempotent, auth, limited }: PaymentRoutes) {
  const { db } = deps;
  const { loadUser, purchasable, chargeSavedCard } = orders;
  async function ownSubscription(request: FastifyRequest) {
    const id = parseParam(Uuid, (request.params as { id: string }).id, 'subscriptionId');
    const rows = await db.query<{ id: string; status: string; payment_system: string }>(
      'SELECT id, status, payment_system FROM subscriptions WHERE id = $1 AND user_id = $2',
      [id, currentUser(request).id],
    );
    if (!rows[0]) throw notFound('No such subscription.', 'subscription_not_found');
    return rows[0];
  }

  const cancel = (path: string, yuno: boolean) =>
    app.post(path, auth, async (request) => {
      const body = parseBody(CancelBody, request.body);
      const answers = body.answers ?? [];
      const subscription = await ownSubscription(request);
      if (yuno !== (subscription.payment_system === 'yuno'))
        throw conflict(
          yuno ? 'Not a yuno subscription.' : 'Yuno subscriptions cancel through YunoPayments.',
          'wrong_provider',
        );
      const userId = currentUser(request).id;
      return db.transaction(async (tx) => {
        // Idempotent: a second cancel keeps the first request time.
        const rows = await tx.query<Parameters<typeof toWireSubscription>[0]>(
          `UPDATE subscriptions SET status = 'cancellation_requested',
             cancellation_requested_at = COALESCE(cancellation_requested_at, $2),
             cancellation_answers = $3, updated_at = $2
           WHERE id = $1 AND status IN ('active', 'cancellation_requested') RETURNING *`,
          [subscription.id, deps.now(), JSON.stringify(answers)],
        );
        if (!rows[0]) throw conflict('This subscription has ended.', 'subscription_ended');
        await refreshUserPaymentState(tx, userId);
        return toWireSubscription(rows[0]);
      });
    });
  cancel('/Payments/subscription/:id/cancel', false);
  cancel('/YunoPayments/subscription/:id/cancel', true);

  app.post('/Payments/subscription/:id/restore', auth, async (request) => {
    const subscription = await ownSubscription(request);
    const userId = currentUser(request).id;
    return db.transaction(async (tx) => {
      const rows = await tx.query<Parameters<typeof toWireSubscription>[0]>(
        `UPDATE subscriptions SET status = 'active', cancellation_requested_at = NULL, updated_at = $2
         WHERE id = $1 AND status IN ('active', 'cancellation_requested') AND (end_date IS NULL OR end_date > $2)
         RETURNING *`,
        [subscription.id, deps.now()],
      );
      if (!rows[0]) throw conflict('This subscription has ended; buy a new one.', 'subscription_ended');
      await refreshUserPaymentState(tx, userId);
      return toWireSubscription(rows[0]);
    });
  });

  // A plan change charges the subscription's saved card: upgrade-only (a shorter or equal plan is 409), and
  // idempotent per Idempotency-Key like every other charge, so a double click is one order.
  app.post('/Payments/subscription-products/update', limited, async (request, reply) => {
    const body = parseBody(UpdateBody, request.body);
    const result = await idempotent(request, '/Payments/subscription-products/update', body, async () => {
      const user = await loadUser(currentUser(request).id);
      const live = await liveSubscription(db, user.id);
      if (!live) throw conflict('No subscription to update.', 'no_subscription', 'productId');
      const product = await purchasable(user, body.productId);
      if (product.kind !== 'subscription')
        throw badRequest('productId: not a subscription plan.', 'productId', 'unknown_product');
      return chargeSavedCard(user, product, live.card_id ?? undefined, 'upgrade', {
        from: live.product_id,
      });
    });
    return sendResult(reply, result);
  });
}
