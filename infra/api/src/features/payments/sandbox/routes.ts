import type { ApiErrorCode } from '@companion/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../http/errors.ts';
import { redirectable } from '../return-url.ts';
import { safeEqual, solidgateSignature } from '../signatures.ts';
import type { Envelope, WebhookKeys } from '../signatures.ts';
import type { SandboxEngine, SandboxOrderRow } from './engine.ts';
import { openMerchantData } from '../form-intent.ts';
import {
  challengeFrame,
  cardFrame,
  errorFrame,
  frameCsp,
  FORM_LAYOUTS,
  BUTTON_STYLES,
  resultFrame,
  WALLET_KINDS,
} from './form-pages.ts';
import type { FrameLook } from './form-pages.ts';
import { WALLET_ERROR, walletCard, walletsOf, walletsQuery } from './wallets.ts';
import { FORM_SDK_SCRIPT } from './form-sdk.ts';
import { challengePage, closedPage, notFoundPage, PAGE_CSP, paymentPage } from './pages.ts';
import type { CardErrors } from './pages.ts';
import { TEST_CARDS } from './test-cards.ts';

const OrderId = z.string().regex(/^sbx_[0-9a-f]{24}$/, 'not a sandbox order id');
const formText = z.string().max(400).optional();
const CardForm = z.object({
  cardNumber: formText,
  cardExpiryDate: formText,
  cardCvv: formText,
  cardHolder: formText,
  email: formText,
  wallet: z.enum(WALLET_KINDS).optional(),
});
const OtpForm = z.object({ otp: formText });
const StatusBody = z.object({ order_id: z.string().min(1).max(100) });
const Look = z.object({
  layout: z.enum(FORM_LAYOUTS).catch('default'),
  button: z.enum(BUTTON_STYLES).catch('default'),
  buttonText: z.string().max(40).optional().catch(undefined),
  origin: z.string().max(200).optional().catch(undefined),
  wallets: z.string().max(100).optional().catch(undefined),
});
const MerchantData = z.object({
  merchant: z.string().min(1).max(200),
  signature: z.string().min(1).max(400),
  paymentIntent: z.string().min(1).max(4000),
});

/** The platform's JSON error, for a client of the hosted pages that is not a browser. */
interface PageError {
  code: ApiErrorCode;
  message: string;
  field?: string;
}

/**
 * A hosted page. A browser (Accept names text/html) gets the page, errors included; any other client of these
 * URLs gets an error as the platform's JSON naming the field, like every other API route.
 */
function html(request: FastifyRequest, reply: FastifyReply, status: number, body: string, error?: PageError) {
  const accept = String(request.headers.accept ?? '');
  if (error && status >= 400 && !accept.includes('text/html')) return reply.status(status).send({ error });
  return reply
    .status(status)
    .header('content-security-policy', PAGE_CSP)
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(body);
}

const NOT_FOUND: PageError = {
  code: 'order_not_found',
  message: 'This payment link is not valid.',
  field: 'id',
};
const CLOSED: PageError = { code: 'order_closed', message: 'This payment is already closed.', field: 'id' };

/** The first field error of a card form, as the platform's JSON error. */
function formError(errors: CardErrors): PageError {
  const [field, message] = Object.entries(errors)[0] ?? ['body', 'Invalid form.'];
  return { code: 'validation_failed', message: String(message), field };
}

/** Checks the hosted-page card form; returns field errors, or the parsed card. */
export function readCardForm(
  form: z.infer<typeof CardForm>,
  askEmail: boolean,
):
  | { errors: CardErrors }
  | { card: { number: string; expiry: { month: number; year: number }; email: string | null } } {
  const errors: CardErrors = {};
  const number = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) errors.cardNumber = 'Enter the 12–19 digits of your card number.';
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.cardExpiryDate ?? '');
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? (expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : 0;
  if (!expiry || month < 1 || month > 12) errors.cardExpiryDate = 'Enter the expiry date as MM/YY.';
  if (!/^\d{3,4}$/.test((form.cardCvv ?? '').trim())) errors.cardCvv = 'Enter the 3 or 4 digit CVV.';
  if ((form.cardHolder ?? '').trim().length < 2) errors.cardHolder = 'Enter the name on the card.';
  const email = (form.email ?? '').trim();
  // Optional: an anonymous visitor who gives one is registered with it once the payment succeeds.
  if (askEmail && email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    errors.email = 'Enter a valid e-mail address.';
  if (Object.keys(errors).length > 0) return { errors };
  return { card: { number, expiry: { month, year }, email: askEmail && email ? email : null } };
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

  const orderOf = async (request: FastifyRequest) => {
    const id = OrderId.safeParse((request.params as { id: string }).id);
    return id.success ? engine.find(id.data) : null;
  };

  scope.get('/sandbox/pay/:id', async (request, reply) => {
    const order = await orderOf(request);
    if (!order) return html(request, reply, 404, notFoundPage(), NOT_FOUND);
    if (order.status === '3ds_verify') return reply.redirect(`../3ds/${order.id}`, 303);
    if (order.status !== 'created') return html(request, reply, 409, closedPage(order), CLOSED);
    return html(request, reply, 200, paymentPage(order));
  });

  scope.post('/sandbox/pay/:id', limited, async (request, reply) => {
    const order = await orderOf(request);
    if (!order) return html(request, reply, 404, notFoundPage(), NOT_FOUND);
    if (order.status !== 'created') return html(request, reply, 409, closedPage(order), CLOSED);
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
  });

  scope.get('/sandbox/3ds/:id', async (request, reply) => {
    const order = await orderOf(request);
    if (!order) return html(request, reply, 404, notFoundPage(), NOT_FOUND);
    if (order.status !== '3ds_verify') return html(request, reply, 409, closedPage(order), CLOSED);
    return html(request, reply, 200, challengePage(order));
  });

  scope.post('/sandbox/3ds/:id', limited, async (request, reply) => {
    const order = await orderOf(request);
    if (!order) return html(request, reply, 404, notFoundPage(), NOT_FOUND);
    if (order.status !== '3ds_verify') return html(request, reply, 409, closedPage(order), CLOSED);
    const form = OtpForm.safeParse(request.body ?? {});
    const otp = form.success ? (form.data.otp ?? '').trim() : '';
    if (!/^\d{4,8}$/.test(otp))
      return html(request, reply, 400, challengePage(order, 'Enter the code your bank sent.'), {
        code: 'validation_failed',
        message: 'Enter the code your bank sent.',
        field: 'otp',
      });
    const next = await engine.submitOtp(order.id, otp);
    return sendBack(request, reply, order.id, next.redirect);
  });

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

/**
 * The origins that may frame the form: the shop's public origin and, for a `localhost` one, its loopback twins
 * (a developer or a test opens the same server as 127.0.0.1).
 */
export function shopOrigins(publicOrigin: string): string[] {
  const url = new URL(publicOrigin);
  if (url.hostname !== 'localhost') return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [url.origin, `${url.protocol}//127.0.0.1${port}`, `${url.protocol}//[::1]${port}`];
}

/** The look the SDK asked for and the shop page framing it (one of `allowed`, else the public origin). */
function lookOf(query: unknown, allowed: readonly string[]): FrameLook & { origin: string } {
  const look = Look.parse(query ?? {});
  return {
    layout: look.layout,
    button: look.button,
    buttonText: look.buttonText ?? null,
    wallets: walletsOf(look.wallets),
    origin: look.origin && allowed.includes(look.origin) ? look.origin : allowed[0]!,
  };
}

/** The look carried on to the frame's next URL. */
function lookQuery(look: FrameLook & { origin: string }): string {
  const params = new URLSearchParams({ layout: look.layout, button: look.button, origin: look.origin });
  if (look.buttonText) params.set('buttonText', look.buttonText);
  if (look.wallets.length > 0) params.set('wallets', walletsQuery(look.wallets));
  return params.toString();
}

/**
 * The embedded form (ADR 0410): the SDK script, the frame that opens the sealed merchant data, and the frame's card
 * and 3-D Secure posts. Card outcomes come from the same engine calls as the hosted page (`submitCard`,
 * `submitOtp`); the frame shows the outcome and posts the SDK's events instead of redirecting.
 */
function registerFormRoutes(
  scope: FastifyInstance,
  engine: SandboxEngine,
  apiKeys: WebhookKeys,
  limited: { config: { rateLimit: { max: number; timeWindow: number } } },
  publicOrigin: string,
): void {
  const allowed = shopOrigins(publicOrigin);
  type Look = ReturnType<typeof lookOf>;
  // Like the hosted pages: a browser gets the frame, errors included; any other client gets the platform's JSON.
  const framePage = (
    reply: FastifyReply,
    look: Look,
    status: number,
    body: string,
    error?: PageError,
  ): FastifyReply => {
    const accept = String(reply.request.headers.accept ?? '');
    if (error && status >= 400 && !accept.includes('text/html')) return reply.status(status).send({ error });
    return reply
      .status(status)
      .header('content-security-policy', frameCsp(look.origin))
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body);
  };
  const gone = (reply: FastifyReply, look: Look, status: number, message: string, error: PageError) =>
    framePage(reply, look, status, errorFrame(look, look.origin, message), error);
  // Where an order stands, as a frame: 3-D Secure (its form posts to `otpAction`), or the bank's answer.
  const standing = (reply: FastifyReply, look: Look, order: SandboxOrderRow, otpAction: string) =>
    order.status === '3ds_verify'
      ? framePage(
          reply,
          look,
          200,
          challengeFrame(order, look, look.origin, `${otpAction}?${lookQuery(look)}`),
        )
      : framePage(reply, look, 200, resultFrame(order, look, look.origin));

  scope.get('/sandbox/form-sdk.js', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(FORM_SDK_SCRIPT),
  );

  scope.get('/sandbox/form', async (request, reply) => {
    const look = lookOf(request.query, allowed);
    // A request without the form's data is not the form's frame: 400 JSON naming the field, like every API route.
    const data = MerchantData.safeParse(request.query ?? {});
    if (!data.success) {
      const field = String(data.error.issues[0]?.path[0] ?? 'merchant');
      throw badRequest(`${field} is missing or not valid.`, field, 'validation_failed');
    }
    const terms = openMerchantData(apiKeys, data.data);
    if (!terms) {
      const invalid: PageError = {
        code: 'validation_failed',
        message: 'paymentIntent is not valid.',
        field: 'paymentIntent',
      };
      return gone(reply, look, 400, 'The payment form data is not valid.', invalid);
    }
    const order = await engine.status('solidgate', terms.order_id);
    if (!order || order.amount !== terms.amount)
      return gone(reply, look, 404, 'This payment is not known.', NOT_FOUND);
    if (order.status !== 'created') return standing(reply, look, order, `form/${order.id}/3ds`);
    return framePage(
      reply,
      look,
      200,
      cardFrame(order, look, look.origin, `form/${order.id}?${lookQuery(look)}`),
    );
  });

  const orderOf = async (request: FastifyRequest) => {
    const id = OrderId.safeParse((request.params as { id: string }).id);
    return id.success ? engine.find(id.data) : null;
  };

  scope.post('/sandbox/form/:id', limited, async (request, reply) => {
    const look = lookOf(request.query, allowed);
    const order = await orderOf(request);
    if (!order) return gone(reply, look, 404, 'This payment is not known.', NOT_FOUND);
    if (order.status !== 'created') return standing(reply, look, order, `${order.id}/3ds`);
    const form = CardForm.safeParse(request.body ?? {});
    const action = `${order.id}?${lookQuery(look)}`;
    if (!form.success && form.error.issues[0]?.path[0] === 'wallet')
      return framePage(reply, look, 400, cardFrame(order, look, look.origin, action), WALLET_ERROR);
    // A wallet button of the frame: the sandbox wallet pays with its card (no fields to fill).
    const read = !form.success
      ? { errors: { cardNumber: 'Invalid form.' } }
      : form.data.wallet
        ? { card: walletCard(new Date()) }
        : readCardForm(form.data, order.ask_email);
    if ('errors' in read) {
      const values = form.success ? form.data : {};
      const { cardNumber, cardExpiryDate, cardHolder, email } = values;
      const page = cardFrame(order, look, look.origin, `${order.id}?${lookQuery(look)}`, read.errors, {
        cardNumber,
        cardExpiryDate,
        cardHolder,
        email,
      });
      return framePage(reply, look, 400, page, formError(read.errors));
    }
    await engine.submitCard(order.id, read.card);
    return standing(reply, look, (await engine.find(order.id))!, `${order.id}/3ds`);
  });

  scope.post('/sandbox/form/:id/3ds', limited, async (request, reply) => {
    const look = lookOf(request.query, allowed);
    const order = await orderOf(request);
    if (!order) return gone(reply, look, 404, 'This payment is not known.', NOT_FOUND);
    if (order.status !== '3ds_verify') return standing(reply, look, order, '3ds');
    const form = OtpForm.safeParse(request.body ?? {});
    const otp = form.success ? (form.data.otp ?? '').trim() : '';
    if (!/^\d{4,8}$/.test(otp)) {
      const page = challengeFrame(
        order,
        look,
        look.origin,
        `3ds?${lookQuery(look)}`,
        'Enter the code your bank sent.',
      );
      return framePage(reply, look, 400, page, {
        code: 'validation_failed',
        message: 'Enter the code your bank sent.',
        field: 'otp',
      });
    }
    await engine.submitOtp(order.id, otp);
    return standing(reply, look, (await engine.find(order.id))!, '3ds');
  });
}
