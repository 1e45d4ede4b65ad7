// The catalogue reads (001 §7 GETs): plans, token packs and offers for the caller's region.
import type { FastifyRequest } from 'fastify';
import { liveSubscription, periodMonths } from '../../../db/payment-state.ts';
import { requireAdmin } from '../../../http/admin.ts';
import { currentUser } from '../../../http/auth.ts';
import { badRequest } from '../../../http/errors.ts';
import { parseQuery } from '../../../http/validate.ts';
import { findProduct, listProducts, regionOf, toSubscriptionProduct, toTokenProduct } from '../catalogue.ts';
import { toWireSubscription } from '../../../db/payment-state.ts';
import { offerRefusal } from '../offer-rules.ts';
import { headerCountry } from '../orders.ts';
import type { PaymentRoutes } from './guards.ts';
import { DownsellQuery, ExtraQuery, InsufficientQuery, TokenDownsellQuery } from './schemas.ts';

export function registerCatalogueRoutes({ app, deps, auth }: PaymentRoutes) {
  const { db } = deps;
  const region = (request: FastifyRequest) => regionOf(headerCountry(request, deps));
  const subscriptionList = async (request: FastifyRequest, list: string) =>
    (await listProducts(db, list, region(request))).map(toSubscriptionProduct);
  const tokenList = async (request: FastifyRequest, list: string) =>
    (await listProducts(db, list, region(request))).map(toTokenProduct);
  /** Plans longer than the caller's live one (all plans without one). */
  const longerThanLive = async (request: FastifyRequest, list: string) => {
    const live = await liveSubscription(db, currentUser(request).id);
    const products = await subscriptionList(request, list);
    if (!live) return products;
    const current = periodMonths({ type: live.period_type, value: live.period_value });
    return products.filter((product) => product.periodInMonths > current);
  };

  // Public (ADR 0455; 001 §7: a call sends a bearer token "when a valid one exists"): the plans depend on the
  // caller's region only, so the origin can render `/pricing`'s first screen with them before any JavaScript.
  app.get('/Payments/subscription-products', { preHandler: app.authenticateOptional }, (request) =>
    subscriptionList(request, 'subscription'),
  );
  app.get('/Payments/downsell/products', auth, async (request) => {
    const query = parseQuery(DownsellQuery, request.query);
    return longerThanLive(request, query.downsellType === 'extra' ? 'upgrade_extra' : 'upgrade_base');
  });
  app.get('/Payments/admin-subscription-products-hidden', auth, async (request) => {
    await requireAdmin(db, request);
    return subscriptionList(request, 'subscription_hidden');
  });
  app.get('/Payments/user-active-subscription', auth, async (request) => {
    const live = await liveSubscription(db, currentUser(request).id);
    return live ? toWireSubscription(live) : null;
  });
  app.get('/Payments/lifetime-subscription-products', auth, (request) =>
    subscriptionList(request, 'lifetime'),
  );
  app.get('/Payments/upsell-products', auth, (request) => tokenList(request, 'upsell'));
  app.get('/Payments/insufficient-funds-products', auth, async (request) => {
    const query = parseQuery(InsufficientQuery, request.query);
    // 3.02 declined popup: monthly plans only (001 §2); otherwise the insufficient-tokens x2 offers.
    if (query.variant === 'monthly')
      return (await subscriptionList(request, 'subscription')).filter(
        (product) => product.periodType === 'month' && product.periodValue === 1,
      );
    return tokenList(request, query.variant === 'downsell' ? 'insufficient_downsell' : 'insufficient_main');
  });
  app.get('/Payments/one-time-pay-products', auth, (request) => tokenList(request, 'tokens'));
  app.get('/Payments/admin-one-time-pay-products-hidden', auth, async (request) => {
    await requireAdmin(db, request);
    return tokenList(request, 'tokens_hidden');
  });
  app.get('/Payments/downsell-on-token-upsell', auth, async (request) => {
    const query = parseQuery(TokenDownsellQuery, request.query);
    if (query.tokenProductId) {
      const product = await findProduct(db, query.tokenProductId);
      if (!product || product.kind !== 'tokens')
        throw badRequest('tokenProductId: no such token product.', 'tokenProductId', 'unknown_product');
    }
    return tokenList(request, 'token_downsell');
  });
  // The mystery box's revealed offer (path ours; 001 §2 names the box, not its call).
  // Sold once per user (ADR 0301): a buyer who has it is offered nothing, so no surface shows a box that 409s.
  app.get('/Payments/mystery-box-products', auth, async (request) => {
    const rows = await listProducts(db, 'mystery_box', region(request));
    const userId = currentUser(request).id;
    const open = [];
    for (const row of rows) if ((await offerRefusal(db, userId, row)) === null) open.push(row);
    return open.map(toTokenProduct);
  });
  app.get('/Payments/token-purchase-extra-products', auth, async (request) => {
    const query = parseQuery(ExtraQuery, request.query);
    const list =
      query.step === 'extra' ? 'welcome_extra' : query.step === 'downsell' ? 'welcome_downsell' : 'welcome';
    return tokenList(request, list);
  });
}
