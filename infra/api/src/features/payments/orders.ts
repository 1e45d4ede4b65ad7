// Orders (001 §7): the local order first, then the provider; hosted pages, saved-card charges, status pulls, and
// what an interrupted creation call would have answered (ADR 0302). The routes in `routes/` call these.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaymentSystem } from '@companion/contracts';
import type { UserRow } from '../../db/accounts.ts';
import { userFeatures } from '../../db/accounts.ts';
import { choosePaymentSystem, liveSubscription } from '../../db/payment-state.ts';
import { currentUser } from '../../http/auth.ts';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { FeatureDeps } from '../../http/feature.ts';
import { countryOf } from '../users/country.ts';
import { HIDDEN_LISTS, findProduct } from './catalogue.ts';
import type { ProductRow } from './catalogue.ts';
import { compensationOf } from './compensation.ts';
import { FINAL_STATUSES } from './events.ts';
import type { ApplyOutcome, OrderRow } from './fulfilment.ts';
import type { ProviderEvent } from './events.ts';
import { offerRefusal } from './offer-rules.ts';
import type { PaymentProvider } from './provider.ts';
import { notLongerThan } from './refunds.ts';
import { ownReturnUrl } from './return-url.ts';
import type { Envelope } from './signatures.ts';

/**
 * Whether a checkout start offers the provider's embedded form (ADR 0410, amended): every card buyer pays in the
 * form inside the payment modal. An anonymous buyer does only when the form asks for the e-mail that keeps their
 * purchase (ADR 0290), as the hosted page does; else they keep the hosted page. The user's `paymentForm` feature
 * flag 'hosted' (set with `Authenticate/update-feature-flags`) rolls the form back per user.
 */
function embeddedFormFor(
  user: Pick<UserRow, 'features' | 'is_anonymous'>,
  provider: Pick<PaymentProvider, 'formAsksContact'>,
): boolean {
  if ((user.features as Record<string, unknown>)['paymentForm'] === 'hosted') return false;
  return !user.is_anonymous || provider.formAsksContact === true;
}

/** The buyer's country from the CDN header only (never Accept-Language): provider choice and price region. */
export function headerCountry(request: FastifyRequest, deps: FeatureDeps): string | null {
  const found = countryOf(request.headers, deps.config.countryHeader);
  return found.source === 'header' ? found.country : null;
}

/** An order as its buyer may see it (`check-order-status`, saved-card answers). */
export function publicOrder(order: OrderRow, product: ProductRow | null, compensationTokens = 0) {
  return {
    orderId: order.id,
    status: order.status,
    isFinal: FINAL_STATUSES.has(order.status),
    success: order.status === 'approved',
    errorCode: order.error_code,
    productId: order.product_id,
    name: product?.title ?? order.product_id,
    isSubscriptionProduct: product?.kind === 'subscription',
    amountPaid: order.status === 'approved' ? (order.paid_amount ?? order.amount) : order.amount,
    currency: order.currency,
    paymentSystem: order.payment_system,
    subscriptionId: order.subscription_id,
    compensationTokens,
  };
}

/** What the order service needs from the feature. */
export interface OrderServiceDeps {
  app: FastifyInstance;
  deps: FeatureDeps;
  providers: Record<Envelope, PaymentProvider>;
  /** Applies a provider event (the one fulfilment path, webhooks and pulls alike). */
  apply: (event: ProviderEvent) => Promise<ApplyOutcome>;
  /** The Idempotency-Key of the request being run, carried by the orders it writes. */
  currentKey: () => string | null;
  publicOrigin: string;
}

/** The order service of one payments feature. */
export function createOrders({ app, deps, providers, apply, currentKey, publicOrigin }: OrderServiceDeps) {
  const { db } = deps;

  async function loadUser(id: string): Promise<UserRow> {
    const rows = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
    return rows[0]!;
  }

  async function ownOrder(userId: string, orderId: string): Promise<OrderRow> {
    const rows = await db.query<OrderRow>('SELECT * FROM payment_orders WHERE id = $1 AND user_id = $2', [
      orderId,
      userId,
    ]);
    if (!rows[0]) throw notFound('No such order.', 'order_not_found');
    return rows[0];
  }

  /** Pulls the provider for one order and applies what it says (same idempotent path as webhooks). */
  async function pull(order: OrderRow): Promise<void> {
    if (FINAL_STATUSES.has(order.status) || !order.provider_order_id) return;
    const provider = providers[order.payment_system as Envelope];
    if (!provider) return;
    const event = await provider.status(order.id);
    if (event) await apply(event);
  }

  /** successUrl / failUrl / redirectUrl: a path on this site, or an absolute URL on the public origin. */
  const ownUrl = (raw: string, field: string) => ownReturnUrl(raw, field, publicOrigin);

  function withReturnParams(base: string, params: Record<string, string>): string {
    const hashAt = base.indexOf('#');
    const head = hashAt >= 0 ? base.slice(0, hashAt) : base;
    const tail = hashAt >= 0 ? base.slice(hashAt) : '';
    return `${head}${head.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}${tail}`;
  }

  /** A product the caller may buy: active, visible to them, and an upgrade when they already subscribe. */
  async function purchasable(user: UserRow, id: string): Promise<ProductRow> {
    const product = await findProduct(db, id);
    const hidden = product?.lists.some((list) => HIDDEN_LISTS.has(list)) ?? false;
    if (!product || (hidden && !user.is_admin))
      throw badRequest('productId: no such product.', 'productId', 'unknown_product');
    if (product.kind === 'subscription') {
      const live = await liveSubscription(db, user.id);
      if (live) {
        if (notLongerThan(live, product))
          throw conflict(
            'productId: you already hold this plan or a longer one; only longer plans can be bought.',
            'already_subscribed',
            'productId',
          );
      }
    }
    const used = await offerRefusal(db, user.id, product);
    if (used) throw conflict(used, 'offer_used', 'productId');
    return product;
  }

  interface NewOrder {
    user: UserRow;
    product: ProductRow;
    kind: OrderRow['kind'];
    system: PaymentSystem;
    successUrl: string | null;
    failUrl: string | null;
    sourcePath: string | null;
    cardId?: string | null;
    meta?: Record<string, unknown>;
  }

  /** Writes the local order before any provider call (docs/research/payments.md §4). */
  async function insertOrder(input: NewOrder): Promise<OrderRow> {
    const rows = await db.query<OrderRow>(
      `INSERT INTO payment_orders (id, user_id, product_id, kind, payment_system, amount, currency, success_url,
         fail_url, source_path, card_id, meta, created_at, updated_at, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14) RETURNING *`,
      [
        crypto.randomUUID(),
        input.user.id,
        input.product.id,
        input.kind,
        input.system,
        input.product.current_price,
        input.product.currency,
        input.successUrl,
        input.failUrl,
        input.sourcePath,
        input.cardId ?? null,
        JSON.stringify(input.meta ?? {}),
        deps.now(),
        currentKey() ?? null,
      ],
    );
    return rows[0]!;
  }

  /** Calls the provider with retries on the same order id (its init is idempotent per order). */
  async function withRetries<T>(order: OrderRow, call: () => Promise<T>): Promise<T> {
    let last: unknown;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        return await call();
      } catch (error) {
        last = error;
        if (error && typeof error === 'object' && 'status' in error && Number(error.status) < 500) break;
      }
    }
    await db.query(
      `UPDATE payment_orders SET status = 'expired', error_code = '6.02', updated_at = $2 WHERE id = $1`,
      [order.id, deps.now()],
    );
    app.log.error({ err: last, orderId: order.id }, 'payment provider call failed');
    throw new HttpError(502, 'provider_unavailable', 'The payment provider did not answer; try again.');
  }

  /** Hosted-page payment: order row, then the provider, then the link. */
  async function createHostedPayment(
    request: FastifyRequest,
    input: {
      productId: string;
      successUrl: string;
      failUrl: string;
      sourcePath: string | null;
      kind: OrderRow['kind'];
      system: PaymentSystem | null;
      cardId?: string | null;
      meta: Record<string, unknown>;
      /** This call may offer the provider's embedded form beside the hosted page (the user's flag decides, ADR 0410). */
      embeddedForm?: boolean;
    },
  ) {
    const userId = currentUser(request).id;
    const user = await loadUser(userId);
    // The return URLs first: a bad one is refused by name whatever else is wrong.
    const success = ownUrl(input.successUrl, 'successUrl');
    const fail = ownUrl(input.failUrl, 'failUrl');
    const product = await purchasable(user, input.productId);
    const system =
      input.system ??
      choosePaymentSystem({
        country: headerCountry(request, deps),
        utmSource: user.utm_source,
        preferredPaymentMethod: userFeatures(user).preferredPaymentMethod,
        liveSubscriptionSystem: user.active_subscription?.paymentSystem ?? null,
      });
    const provider = providers[system as Envelope];
    if (!provider) throw badRequest(`No provider for ${system}.`, 'paymentSystem', 'unknown_provider');
    const order = await insertOrder({
      user,
      product,
      kind: input.kind,
      system,
      successUrl: success,
      failUrl: fail,
      sourcePath: input.sourcePath,
      cardId: input.cardId ?? null,
      meta: input.meta,
    });
    const params = {
      orderId: order.id,
      productId: product.id,
      purchaseType: product.kind === 'subscription' ? 'subscription' : 'token',
      userId,
      paymentSystem: system,
    };
    const created = await withRetries(order, () =>
      provider.createPayment({
        orderId: order.id,
        amount: order.amount,
        currency: order.currency,
        description: product.title,
        successUrl: withReturnParams(success, params),
        failUrl: withReturnParams(fail, params),
        callbackUrl: `/api/payments/webhooks/${system}`,
        askEmail: user.is_anonymous,
      }),
    );
    await db.query(
      'UPDATE payment_orders SET provider_order_id = $2, payment_url = $3, updated_at = $4 WHERE id = $1',
      [order.id, created.providerOrderId, created.paymentUrl, deps.now()],
    );
    const form =
      input.embeddedForm && embeddedFormFor(user, provider) && provider.paymentForm
        ? provider.paymentForm({
            order_id: order.id,
            amount: order.amount,
            currency: order.currency,
            order_description: product.title,
          })
        : null;
    // The hosted page's link stays in every answer: PayPal, and the fallback when the form's script cannot load.
    return { ...hostedAnswer(order, created.paymentUrl), ...(form ? { form } : {}) };
  }

  /** A hosted-page creation call's answer. */
  function hostedAnswer(order: OrderRow, paymentUrl: string) {
    return {
      orderId: order.id,
      paymentSystem: order.payment_system,
      productId: order.product_id,
      amount: order.amount,
      currency: order.currency,
      status: order.status,
      paymentUrl,
      data: { link: { href: paymentUrl } },
    };
  }

  /** A saved-card charge's answer: the order as it stands. */
  async function chargedAnswer(order: OrderRow) {
    return {
      ...publicOrder(
        order,
        await findProduct(db, order.product_id),
        await compensationOf(db, order.user_id, order.id),
      ),
      data: { link: { href: null } },
    };
  }

  /**
   * What an interrupted creation call would have answered, from the provider's view of its order first: the
   * page it opened, or the charge it made; null when the provider never saw it (the key is released).
   */
  async function interruptedAnswer(order: OrderRow): Promise<unknown> {
    const provider = providers[order.payment_system as Envelope];
    const event = provider && !FINAL_STATUSES.has(order.status) ? await provider.status(order.id) : null;
    if (event) await apply(event);
    const [now] = await db.query<OrderRow>('SELECT * FROM payment_orders WHERE id = $1', [order.id]);
    if (now!.payment_url) return hostedAnswer(now!, now!.payment_url);
    if (now!.status === 'created' || now!.status === 'expired') return null;
    return chargedAnswer(now!);
  }

  /** Charges a saved card (one-click, upgrade): the provider answers at once; the status pull fulfils. */
  async function chargeSavedCard(
    user: UserRow,
    product: ProductRow,
    cardId: string | undefined,
    kind: OrderRow['kind'],
    meta: Record<string, unknown>,
  ) {
    const cards = await db.query<{ id: string; token: string; payment_system: string }>(
      `SELECT id, token, payment_system FROM payment_cards WHERE user_id = $1 AND deleted_at IS NULL
       ${cardId ? 'AND id = $2' : ''} ORDER BY created_at DESC LIMIT 1`,
      cardId ? [user.id, cardId] : [user.id],
    );
    const card = cards[0];
    // Another user's card looks exactly like a missing one, and the provider is never called.
    if (!card) throw notFound('No saved card.', 'card_not_found');
    const provider = providers[card.payment_system as Envelope];
    if (!provider) throw notFound('No saved card.', 'card_not_found');
    const order = await insertOrder({
      user,
      product,
      kind,
      system: card.payment_system,
      successUrl: null,
      failUrl: null,
      sourcePath: null,
      cardId: card.id,
      meta,
    });
    const charged = await withRetries(order, () =>
      provider.chargeToken({
        orderId: order.id,
        amount: order.amount,
        currency: order.currency,
        description: product.title,
        token: card.token,
        callbackUrl: `/api/payments/webhooks/${card.payment_system}`,
        paymentType: '1-click',
      }),
    );
    await db.query('UPDATE payment_orders SET provider_order_id = $2, updated_at = $3 WHERE id = $1', [
      order.id,
      charged.providerOrderId,
      deps.now(),
    ]);
    await pull({ ...order, provider_order_id: charged.providerOrderId });
    return chargedAnswer(await ownOrder(user.id, order.id));
  }

  return {
    loadUser,
    ownOrder,
    pull,
    ownUrl,
    purchasable,
    createHostedPayment,
    chargeSavedCard,
    interruptedAnswer,
  };
}

/** The order service's calls. */
export type Orders = ReturnType<typeof createOrders>;
