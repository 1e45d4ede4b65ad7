import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { redirectable } from '../return-url.ts';
import { safeEqual, solidgateSignature } from '../signatures.ts';
import type { Envelope, WebhookKeys } from '../signatures.ts';
import type { SandboxEngine, SandboxOrderRow } from './engine.ts';
import type { SandboxStatus } from './engine-types.ts';
import { registerFormRoutes } from './form-routes.ts';
import {
  CardForm,
  CLOSED,
  formError,
  NOT_FOUND,
  OTP_ERROR,
  orderOf,
  otpOf,
  readCardForm,
  sendPage,
} from './page-replies.ts';
import type { PageError } from './page-replies.ts';
import { challengePage, closedPage, notFoundPage, PAGE_CSP, paymentPage } from './pages.ts';
import type { CardErrors } from './pages.ts';
import { TEST_CARDS } from './test-cards.ts';

const StatusBody = z.object({ order_id: z.string().min(1).max(100) });

/**
 * A hosted page. A browser (Accept names text/html) gets the page, errors included; any other client of these
 * URLs gets an error as the platform's JSON naming the field, like every other API route.
 */
function html(request: FastifyRequest, reply: FastifyReply, status: number, body: string, error?: PageError) {
  return sendPage(
    reply,
    status,
    body,
    { 'content-security-policy': PAGE_CSP, 'x-frame-options': 'DENY' },
    error,
  );
}

/** Hosted page, 3-D Secure page, test-card table and the provider-side status call, under `/sandbox`. */
export async function registerSandboxRoutes(
  scope: FastifyInstance,
  engine: SandboxEngine,
  apiKeys: WebhookKeys,
  /** Card and OTP submissions per IP per minute (card testing, ASVS 2.4.1). */
  submitsPerMinute: number,
  /** The shop's origin: the only page that may frame the embedded form and receive its events. */
  shopOrigin: string,
): Promise<void> {
  const limited = { config: { rateLimit: { max: submitsPerMinute, timeWindow: 60_000 } } };
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  scope.get('/sandbox/test-cards', async () => TEST_CARDS);

  /**
   * After a card or code is taken the buyer goes back to the shop; a stored return URL no browser could follow
   * (written before return URLs were parsed strictly) ends on the order's closed page, never in a 500.
   */
  const sendBack = async (request: FastifyRequest, reply: FastifyReply, id: string, to: string) => {
    if (redirectable(to)) return reply.redirect(to, 303);
    const order = await engine.find(id);
    return html(request, reply, 200, order ? closedPage(order) : notFoundPage());
  };

  scope.get('/sandbox/pay/:id', async (request, reply) => {
    const order = await orderOf(engine, request);
    if (!order) return html(request, reply, 404, notFoundPage(), NOT_FOUND);
    if (order.status === '3ds_verify') return reply.redirect(`../3ds/${order.id}`, 303);
    if (order.status !== 'created') return html(request, reply, 409, closedPage(order), CLOSED);
    return html(request, reply, 200, paymentPage(order));
  });

  /** A page over the `:id` order while it is `status`: an unknown id gets the not-found page, others the closed one. */
  const orderPage =
    (
      status: SandboxStatus,
      handle: (order: SandboxOrderRow, request: FastifyRequest, reply: FastifyReply) => unknown,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const order = await orderOf(engine, request);
      if (!order) return html(request, reply, 404, notFoundPage(), NOT_FOUND);
      if (order.status !== status) return html(request, reply, 409, closedPage(order), CLOSED);
      return handle(order, request, reply);
    };

  scope.post(
    '/sandbox/pay/:id',
    limited,
    orderPage('created', async (order, request, reply) => {
      const form = CardForm.safeParse(request.body ?? {});
      if (!form.success) {
        const errors: CardErrors = { cardNumber: 'Invalid form.' };
        return html(request, reply, 400, paymentPage(order, errors), formError(errors));
      }
      const read = readCardForm(form.data, order.ask_email);
      if ('errors' in read) {
        const { cardNumber, cardExpiryDate, cardHolder, email } = form.data;
        return html(
          request,
          reply,
          400,
          paymentPage(order, read.errors, { cardNumber, cardExpiryDate, cardHolder, email }),
          formError(read.errors),
        );
      }
      const next = await engine.submitCard(order.id, read.card);
      return sendBack(request, reply, order.id, next.redirect);
    }),
  );

  scope.get(
    '/sandbox/3ds/:id',
    orderPage('3ds_verify', async (order, request, reply) => html(request, reply, 200, challengePage(order))),
  );

  scope.post(
    '/sandbox/3ds/:id',
    limited,
    orderPage('3ds_verify', async (order, request, reply) => {
      const otp = otpOf(request.body);
      if (!otp) return html(request, reply, 400, challengePage(order, OTP_ERROR.message), OTP_ERROR);
      const next = await engine.submitOtp(order.id, otp);
      return sendBack(request, reply, order.id, next.redirect);
    }),
  );

  registerFormRoutes(scope, engine, apiKeys, limited, shopOrigin);

  // Provider-side status call, Solidgate-shaped: `merchant` + `signature` headers over the JSON body.
  scope.post('/sandbox/api/v1/status', async (request, reply) => {
    const raw = JSON.stringify(request.body ?? {});
    const merchant = String(request.headers['merchant'] ?? '');
    const signature = String(request.headers['signature'] ?? '');
    if (!safeEqual(merchant, apiKeys.publicKey) || !safeEqual(signature, solidgateSignature(apiKeys, raw)))
      return reply.status(401).send({ error: { code: '1.01', message: 'Authentication failed.' } });
    const body = StatusBody.safeParse(request.body);
    if (!body.success)
      return reply
        .status(400)
        .send({ error: { code: '2.01', message: 'order_id is required.', field: 'order_id' } });
    const asked = String(request.headers['x-envelope'] ?? 'solidgate');
    const envelope: Envelope = asked === 'yuno' || asked === 'paypal' ? asked : 'solidgate';
    const order = await engine.status(envelope, body.data.order_id);
    if (!order) return reply.status(404).send({ error: { code: '2.05', message: 'Order not found.' } });
    return {
      order: {
        order_id: order.merchant_order_id,
        status: order.status,
        amount: order.amount,
        currency: order.currency,
      },
      error: order.decline_code ? { code: order.decline_code } : null,
    };
  });
}
