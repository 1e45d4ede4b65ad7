import type { PaymentNotification } from '@companion/contracts';
import type { OrderStatus } from '../../../api/payments-api.ts';

/** Polling of `payments/check-order-status` (001 §4, §9): every 2 s, cut off at 20 s. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_CUTOFF_MS = 20_000;
/** The success screen closes itself after 10 s (001 §9). */
export const SUCCESS_AUTO_CLOSE_SECONDS = 10;

/** What the success screen shows (001 §3 Payment result). */
export interface PaidResult {
  amountPaid: number;
  /** The paid product (the ad pixels' price payload, 001 §4). */
  productId: string;
  name: string;
  isSubscriptionProduct: boolean;
  paidAt: Date;
  /** Decline compensation credited with this payment (001 §8), 0 when none. */
  compensationTokens: number;
}

/** The payment modal's step (001 §4: paymentProcessing → success | fail; 'stillProcessing' after the cut-off). */
export type PaymentStep =
  | { step: 'paymentProcessing'; orderId: string }
  | { step: 'stillProcessing'; orderId: string }
  | { step: 'success'; orderId: string; result: PaidResult }
  | { step: 'fail'; orderId: string | null; errorCode: string | null; amount: number | null };

/** A final answer from the hub or the status poll, or null while the order is still open. */
export function outcomeOfStatus(status: OrderStatus, now: Date): PaymentStep | null {
  if (!status.isFinal) return null;
  if (status.success)
    return {
      step: 'success',
      orderId: status.orderId,
      result: {
        amountPaid: status.amountPaid,
        productId: status.productId,
        name: status.name,
        isSubscriptionProduct: status.isSubscriptionProduct,
        paidAt: now,
        compensationTokens: status.compensationTokens ?? 0,
      },
    };
  return { step: 'fail', orderId: status.orderId, errorCode: status.errorCode, amount: status.amountPaid };
}

/** 001 §4: success moves the step to 'success'; anything else to 'fail'. */
export function outcomeOfNotification(
  notification: PaymentNotification,
  orderId: string,
  now: Date,
): PaymentStep {
  if (notification.success)
    return {
      step: 'success',
      orderId,
      result: {
        amountPaid: notification.amountPaid,
        productId: notification.product?.id ?? '',
        name: notification.product?.name ?? '',
        isSubscriptionProduct: notification.product?.isSubscriptionProduct ?? false,
        paidAt: now,
        compensationTokens: notification.compensationTokens ?? 0,
      },
    };
  return {
    step: 'fail',
    orderId,
    errorCode: notification.errorCode ?? null,
    amount: notification.amountPaid,
  };
}

/** Whether a hub notification is about this order (notifications without an order id are taken as ours). */
export function isForOrder(notification: PaymentNotification, orderId: string): boolean {
  return notification.orderId === undefined || notification.orderId === orderId;
}

/** The payment date as DD.MM.YY (001 §2). */
export function formatPaymentDate(date: Date): string {
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const yy = String(date.getFullYear() % 100).padStart(2, '0');
  return `${dd}.${mm}.${yy}`;
}

/** Closing rules (001 §4): nothing while processing; after success not the whole flow; after failure it closes. */
export function closeAction(step: PaymentStep['step']): 'ignore' | 'close-step' | 'close-flow' {
  if (step === 'paymentProcessing') return 'ignore';
  if (step === 'success') return 'close-step';
  return 'close-flow';
}
