// Order creation (001 §7): hosted pages, one-click, resign, the two checkout starts, and the order's status.
import type { z } from 'zod';
import type { PaymentSystem } from '@companion/contracts';
import { liveSubscription } from '../../../db/payment-state.ts';
import { currentUser } from '../../../http/auth.ts';
import { badRequest, conflict, notFound } from '../../../http/errors.ts';
import { parseQuery } from '../../../http/validate.ts';
import { findProduct } from '../catalogue.ts';
import { compensationOf } from '../compensation.ts';
import { sendResult } from '../idempotency.ts';
import { publicOrder } from '../orders.ts';
import type { PaymentRoutes } from './guards.ts';
import { CheckoutBody, CreationBody, OrderQuery, ResignBody, parseBody } from './schemas.ts';

export function registerOrderRoutes({ app, deps, orders, idempotent, limited, auth }: PaymentRoutes) {
  const { db } = deps;
  const { loadUser, ownOrder, pull, ownUrl, purchasable, createHostedPayment, chargeSavedCard } = orders;
  const creationMeta = (body: z.infer<typeof CreationBody>) => ({
    customerPlatform: body.customerPlatform ?? null,
    userAgent: body.userAgent ?? null,
    trafficSource: body.trafficSource ?? null,
    fingerprint: body.fingerprint ?? null,
    isDownsellPayment: body.isDownsellPayment ?? false,
    downsellType: body.downsellType ?? null,
  });

  /** The product and the return pages a creation body names. */
  const hostedTerms = (body: z.infer<typeof CreationBody> | z.infer<typeof ResignBody>) => ({
    productId: body.productId,
    successUrl: body.successUrl,
    failUrl: body.failUrl,
    sourcePath: body.sourcePath ?? null,
  });

  const creation = (path: string, system: PaymentSystem | null) =>
    app.post(path, limited, async (request, reply) => {
      const body = parseBody(CreationBody, request.body);
      const result = await idempotent(request, path, body, () =>
        createHostedPayment(request, {
          ...hostedTerms(body),
          kind: 'payment',
          system,
          meta: creationMeta(body),
        }),
      );
      return sendResult(reply, result);
    });
  creation('/Payments/create-payment-intent', null);
  creation('/YunoPayments/create-payment-intent', 'yuno');
  creation('/YunoPayments/create-payment', 'yuno');
  creation('/PaypalPayments/create-payment', 'paypal');

  app.post('/Payments/one-click', limited, async (request, reply) => {
    const body = parseBody(CreationBody, request.body);
    ownUrl(body.successUrl, 'successUrl');
    ownUrl(body.failUrl, 'failUrl');
    // The saved card is charged only with the buyer's explicit consent (ADR 0210).
    if (body.consent !== true)
      throw badRequest(
        'consent: tick the one-click agreement to be charged with the saved card.',
        'consent',
        'consent_required',
      );
    const result = await idempotent(request, '/Payments/one-click', body, async () => {
      const user = await loadUser(currentUser(request).id);
      const product = await purchasable(user, body.productId);
      return chargeSavedCard(user, product, body.userCardInfoId, 'one_click', creationMeta(body));
    });
    return sendResult(reply, result);
  });

  app.post('/Payments/create-resign-intent', limited, async (request, reply) => {
    const body = parseBody(ResignBody, request.body);
    ownUrl(body.successUrl, 'successUrl');
    ownUrl(body.failUrl, 'failUrl');
    const result = await idempotent(request, '/Payments/create-resign-intent', body, async () => {
      const userId = currentUser(request).id;
      const cards = await db.query<{ id: string; payment_system: string }>(
        'SELECT id, payment_system FROM payment_cards WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL',
        [body.userCardInfoId, userId],
      );
      if (!cards[0]) throw notFound('No saved card.', 'card_not_found');
      return createHostedPayment(request, {
        ...hostedTerms(body),
        kind: 'resign',
        system: cards[0].payment_system,
        cardId: cards[0].id,
        meta: { customerPlatform: body.customerPlatform ?? null, userAgent: body.userAgent ?? null },
      });
    });
    return sendResult(reply, result);
  });

  // The two checkout-start endpoints (001 §7, paths ours): subscribers buying a plan, and everyone else.
  const checkout = (path: string, subscribed: boolean) =>
    app.post(path, limited, async (request, reply) => {
      const body = parseBody(CheckoutBody, request.body);
      ownUrl(body.redirectUrl, 'redirectUrl');
      const result = await idempotent(request, path, body, async () => {
        const userId = currentUser(request).id;
        const live = await liveSubscription(db, userId);
        const product = await findProduct(db, body.productId);
        if (product && (product.kind === 'tokens') !== body.isPurchaseTokens)
          throw badRequest(
            'isPurchaseTokens does not match the product.',
            'isPurchaseTokens',
            'validation_failed',
          );
        if (subscribed && (!live || body.isPurchaseTokens))
          throw conflict(
            'This checkout is for subscribers buying a plan; use Payments/checkout/start.',
            'wrong_checkout',
            'productId',
          );
        if (!subscribed && live && !body.isPurchaseTokens)
          throw conflict(
            'Subscribers change plans through Payments/checkout/start-subscribed.',
            'wrong_checkout',
            'productId',
          );
        return createHostedPayment(request, {
          productId: body.productId,
          successUrl: body.redirectUrl,
          failUrl: body.redirectUrl,
          sourcePath: body.pathname ?? null,
          kind: 'checkout',
          system: null,
          meta: { isDownsellPayment: body.isDownsellPayment, downsellType: body.downsellType ?? null },
          embeddedForm: true,
        });
      });
      return sendResult(reply, result);
    });
  checkout('/Payments/checkout/start', false);
  checkout('/Payments/checkout/start-subscribed', true);

  app.get('/payments/check-order-status', auth, async (request) => {
    const query = parseQuery(OrderQuery, request.query);
    const userId = currentUser(request).id;
    const order = await ownOrder(userId, query.orderId);
    await pull(order);
    const after = await ownOrder(userId, query.orderId);
    return publicOrder(
      after,
      await findProduct(db, after.product_id),
      await compensationOf(db, userId, after.id),
    );
  });
}
