import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { redirectable } from '../return-url.ts';
import { safeEqual, solidgateSignature } from '../signatures.ts';
import type { Envelope, WebhookKeys } from '../signatures.ts';
import type { SandboxEngine } from './engine.ts';
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
});
const OtpForm = z.object({ otp: formText });
const StatusBody = z.object({ order_id: z.string().min(1).max(100) });

/** The platform's JSON error, for a client of the hosted pages that is not a browser. */
interface PageError {
  code: string;
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
