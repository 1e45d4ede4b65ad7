// What the hosted pages and the embedded form's frame share: the forms they take, the order behind `:id`, and the
// answer that is a page for a browser and the platform's JSON error for any other client.
import type { ApiErrorCode } from '@companion/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxEngine, SandboxOrderRow } from './engine.ts';
import { WALLET_KINDS } from './form-pages.ts';
import type { CardErrors } from './pages.ts';

const OrderId = z.string().regex(/^sbx_[0-9a-f]{24}$/, 'not a sandbox order id');
const formText = z.string().max(400).optional();
export const CardForm = z.object({
  cardNumber: formText,
  cardExpiryDate: formText,
  cardCvv: formText,
  cardHolder: formText,
  email: formText,
  wallet: z.enum(WALLET_KINDS).optional(),
});
const OtpForm = z.object({ otp: formText });

/** The platform's JSON error, for a client of the hosted pages that is not a browser. */
export interface PageError {
  code: ApiErrorCode;
  message: string;
  field?: string;
}

/** An HTML answer with `headers` (no referrer either way), or the JSON `error` for a client that is not a browser. */
export function sendPage(
  reply: FastifyReply,
  status: number,
  body: string,
  headers: Record<string, string>,
  error?: PageError,
): FastifyReply {
  const accept = String(reply.request.headers.accept ?? '');
  if (error && status >= 400 && !accept.includes('text/html')) return reply.status(status).send({ error });
  return reply
    .status(status)
    .headers({ ...headers, 'referrer-policy': 'no-referrer' })
    .type('text/html; charset=utf-8')
    .send(body);
}

/** The sandbox order named by the route's `:id`, or null. */
export async function orderOf(
  engine: SandboxEngine,
  request: FastifyRequest,
): Promise<SandboxOrderRow | null> {
  const id = OrderId.safeParse((request.params as { id: string }).id);
  return id.success ? engine.find(id.data) : null;
}

export const OTP_ERROR: PageError = {
  code: 'validation_failed',
  message: 'Enter the code your bank sent.',
  field: 'otp',
};

/** The one-time code of a 3-D Secure post, or null when it is not 4 to 8 digits. */
export function otpOf(body: unknown): string | null {
  const form = OtpForm.safeParse(body ?? {});
  const otp = form.success ? (form.data.otp ?? '').trim() : '';
  return /^\d{4,8}$/.test(otp) ? otp : null;
}

export const NOT_FOUND: PageError = {
  code: 'order_not_found',
  message: 'This payment link is not valid.',
  field: 'id',
};
export const CLOSED: PageError = {
  code: 'order_closed',
  message: 'This payment is already closed.',
  field: 'id',
};

/** The first field error of a card form, as the platform's JSON error. */
export function formError(errors: CardErrors): PageError {
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
