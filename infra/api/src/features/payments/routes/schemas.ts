// The payments calls' bodies and queries (001 §3, §7), parsed with zod; a field the call does not take is named.
import { z } from 'zod';
import { badRequest, fromZodError } from '../../../http/errors.ts';

export const optionalText = (max: number) => z.string().max(max).nullable().optional();
export const productId = z
  .string({ message: 'productId is required.' })
  .trim()
  .min(1, 'productId is required.')
  .max(64, 'productId is at most 64 characters.');
export const returnUrl = (name: string) =>
  z
    .string({ message: `${name} is required.` })
    .min(1, `${name} is required.`)
    .max(2048);

/** 001 §7: the fields every creation call carries; unknown fields (amount, price, currency…) are refused. */
export const CreationBody = z
  .object({
    productId,
    successUrl: returnUrl('successUrl'),
    failUrl: returnUrl('failUrl'),
    sourcePath: optionalText(512),
    customerPlatform: optionalText(64),
    userAgent: optionalText(1024),
    trafficSource: optionalText(256),
    fingerprint: optionalText(512),
    isNConfirmed: z.boolean().optional(),
    isSConfirmed: z.boolean().optional(),
    isDownsellPayment: z.boolean().optional(),
    downsellType: optionalText(64),
    /** One-click only: which saved card (default: the newest). */
    userCardInfoId: z.uuid('userCardInfoId must be a UUID.').optional(),
    /** One-click only: the buyer ticked 'By continuing I agree to be charged…' (001 §2); required there. */
    consent: z.boolean().optional(),
  })
  .strict();
export const ResignBody = z
  .object({
    productId,
    userCardInfoId: z.uuid('userCardInfoId must be a UUID.'),
    successUrl: returnUrl('successUrl'),
    failUrl: returnUrl('failUrl'),
    sourcePath: optionalText(512),
    customerPlatform: optionalText(64),
    userAgent: optionalText(1024),
  })
  .strict();
/** 001 §3 Checkout start payload. */
export const CheckoutBody = z
  .object({
    productId,
    isPurchaseTokens: z.boolean({ message: 'isPurchaseTokens must be a boolean.' }),
    isDownsellPayment: z.boolean().optional().default(false),
    downsellType: optionalText(64),
    redirectUrl: returnUrl('redirectUrl'),
    pathname: optionalText(512),
  })
  .strict();
export const OrderQuery = z.object({
  orderId: z.uuid('orderId must be a UUID.'),
  requestID: optionalText(100),
});
export const DownsellQuery = z.object({ downsellType: z.enum(['base', 'extra']).optional() });
export const InsufficientQuery = z.object({ variant: z.enum(['main', 'downsell', 'monthly']).optional() });
export const TokenDownsellQuery = z.object({ tokenProductId: z.string().max(64).optional() });
export const ExtraQuery = z.object({ step: z.enum(['welcome', 'downsell', 'extra']).optional() });
export const answer = z.string().max(500, 'each answer is at most 500 characters.');
/** The answers list, sent bare (001 §7) or as `{ answers }`. */
export const CancelBody = z.preprocess(
  (value) => (Array.isArray(value) ? { answers: value } : value),
  z.object({ answers: z.array(answer).max(20, 'at most 20 answers.').optional() }).strict(),
);
export const UpdateBody = z.object({ productId }).strict();
export const CardQuery = z.object({ cardId: z.uuid('cardId must be a UUID.') });
export const SaveCardBody = z.object({ orderId: z.uuid('orderId must be a UUID.') }).strict();
export const IdempotencyKey = z.string().min(1).max(255);
export const Uuid = z.uuid('must be a UUID.');

/**
 * Like `parseBody`, but a field the call does not take (amount, price, currency…) is named in the error, so a
 * client that tries to set a price learns exactly which field was refused.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const key = [...issue.path.map(String), issue.keys[0] ?? ''].filter(Boolean).join('.');
    throw badRequest(`${key}: not accepted here (prices come from the catalogue).`, key, 'validation_failed');
  }
  throw fromZodError(result.error);
}
