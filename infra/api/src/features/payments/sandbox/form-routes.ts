// The embedded form's routes (ADR 0410): the SDK script, the frame and its card and 3-D Secure posts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../http/errors.ts';
import { openMerchantData } from '../form-intent.ts';
import type { WebhookKeys } from '../signatures.ts';
import type { SandboxEngine, SandboxOrderRow } from './engine.ts';
import {
  BUTTON_STYLES,
  cardFrame,
  challengeFrame,
  errorFrame,
  FORM_LAYOUTS,
  frameCsp,
  resultFrame,
} from './form-pages.ts';
import type { FrameLook } from './form-pages.ts';
import { FORM_SDK_SCRIPT } from './form-sdk.ts';
// The card and one-time-code replies both pages share, read as `replies.…`.
import * as replies from './page-replies.ts';
import { WALLET_ERROR, walletCard, walletsOf, walletsQuery } from './wallets.ts';

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
export function registerFormRoutes(
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
    error?: replies.PageError,
  ): FastifyReply =>
    replies.sendPage(
      reply,
      status,
      body,
      { 'content-security-policy': frameCsp(look.origin), 'cache-control': 'no-store' },
      error,
    );
  const gone = (reply: FastifyReply, look: Look, status: number, message: string, error: replies.PageError) =>
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
      const invalid: replies.PageError = {
        code: 'validation_failed',
        message: 'paymentIntent is not valid.',
        field: 'paymentIntent',
      };
      return gone(reply, look, 400, 'The payment form data is not valid.', invalid);
    }
    const order = await engine.status('solidgate', terms.order_id);
    if (!order || order.amount !== terms.amount)
      return gone(reply, look, 404, 'This payment is not known.', replies.NOT_FOUND);
    if (order.status !== 'created') return standing(reply, look, order, `form/${order.id}/3ds`);
    return framePage(
      reply,
      look,
      200,
      cardFrame(order, look, look.origin, `form/${order.id}?${lookQuery(look)}`),
    );
  });

  scope.post('/sandbox/form/:id', limited, async (request, reply) => {
    const look = lookOf(request.query, allowed);
    const order = await replies.orderOf(engine, request);
    if (!order) return gone(reply, look, 404, 'This payment is not known.', replies.NOT_FOUND);
    if (order.status !== 'created') return standing(reply, look, order, `${order.id}/3ds`);
    const form = replies.CardForm.safeParse(request.body ?? {});
    const action = `${order.id}?${lookQuery(look)}`;
    if (!form.success && form.error.issues[0]?.path[0] === 'wallet')
      return framePage(reply, look, 400, cardFrame(order, look, look.origin, action), WALLET_ERROR);
    // A wallet button of the frame: the sandbox wallet pays with its card (no fields to fill).
    const read = !form.success
      ? { errors: { cardNumber: 'Invalid form.' } }
      : form.data.wallet
        ? { card: walletCard(new Date()) }
        : replies.readCardForm(form.data, order.ask_email);
    if ('errors' in read) {
      const values = form.success ? form.data : {};
      const { cardNumber, cardExpiryDate, cardHolder, email } = values;
      const page = cardFrame(order, look, look.origin, `${order.id}?${lookQuery(look)}`, read.errors, {
        cardNumber,
        cardExpiryDate,
        cardHolder,
        email,
      });
      return framePage(reply, look, 400, page, replies.formError(read.errors));
    }
    await engine.submitCard(order.id, read.card);
    return standing(reply, look, (await engine.find(order.id))!, `${order.id}/3ds`);
  });

  scope.post('/sandbox/form/:id/3ds', limited, async (request, reply) => {
    const look = lookOf(request.query, allowed);
    const order = await replies.orderOf(engine, request);
    if (!order) return gone(reply, look, 404, 'This payment is not known.', replies.NOT_FOUND);
    if (order.status !== '3ds_verify') return standing(reply, look, order, '3ds');
    const otp = replies.otpOf(request.body);
    if (!otp) {
      const page = challengeFrame(
        order,
        look,
        look.origin,
        `3ds?${lookQuery(look)}`,
        replies.OTP_ERROR.message,
      );
      return framePage(reply, look, 400, page, replies.OTP_ERROR);
    }
    await engine.submitOtp(order.id, otp);
    return standing(reply, look, (await engine.find(order.id))!, '3ds');
  });
}
