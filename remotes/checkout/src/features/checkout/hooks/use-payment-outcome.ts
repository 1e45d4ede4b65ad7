import { useCallback } from 'react';
import { useBus, useInvalidate, useTransport } from '@companion/remote-kit';
import { stopPaymentTimer } from '../../../api/payments-api.ts';
import type { PaidResult } from '../lib/payment-flow.ts';
import { usePaymentTracking } from './use-payment-tracking.ts';

/** Cache keys refetched after a successful payment (001 §4: cards, subscription, products, user). */
const INVALIDATED_AFTER_PAYMENT = ['cards|*', 'subscription|*', 'products|*', 'offers|upsell|*'];

/** How one order ended, whichever button bought it (hosted page, one-click, plan change). */
export type PaymentOutcome = (
  | { success: true; orderId: string; result: PaidResult }
  | {
      success: false;
      orderId: string | null;
      productId: string | null;
      errorCode: string | null;
      /** What the backend answered (the order status, or the error), reported with the failure (001 §4). */
      response: unknown;
    }
) & {
  /** The payment-duration timer's id when it is not the order id (a one-click charge starts it before the order). */
  timerId?: string;
};

/**
 * The one success/failure pipeline of every purchase (001 §4 "On success" / "On failure", §7 metrics and analytics):
 * stops the payment-duration timer with its result label, refreshes the user and balance and invalidates this
 * remote's caches, tracks `purchase` or `payment_failed` with the product id, publishes `payment:succeeded` for the
 * ad pixels, and reports a failure with the backend's answer. Callers make sure each order settles once.
 */
export function usePaymentOutcome(source: string): (outcome: PaymentOutcome) => void {
  const bus = useBus();
  const transport = useTransport();
  const invalidate = useInvalidate();
  const track = usePaymentTracking();
  return useCallback(
    (outcome: PaymentOutcome) => {
      if (outcome.success) {
        const { orderId, result } = outcome;
        void stopPaymentTimer(transport, outcome.timerId ?? orderId, 'success');
        bus.publish('user:refresh-requested', { source });
        bus.publish('tokens:balance-refresh-requested', { source });
        for (const key of INVALIDATED_AFTER_PAYMENT) invalidate(key);
        track('purchase', {
          order_id: orderId,
          product_id: result.productId,
          price_usd: result.amountPaid / 100,
          placement: source,
        });
        bus.publish('payment:succeeded', {
          orderId,
          product: {
            id: result.productId,
            name: result.name,
            price: result.amountPaid,
            isSubscription: result.isSubscriptionProduct,
          },
          source,
        });
        return;
      }
      const timerId = outcome.timerId ?? outcome.orderId;
      if (timerId) void stopPaymentTimer(transport, timerId, 'fail');
      track('payment_failed', {
        order_id: outcome.orderId,
        product_id: outcome.productId,
        error_code: outcome.errorCode,
        placement: source,
      });
      const response =
        outcome.response instanceof Error
          ? { error: outcome.response.name, message: outcome.response.message }
          : outcome.response;
      console.error('[checkout] payment failed', { orderId: outcome.orderId, errorCode: outcome.errorCode });
      bus.publish('error:report-requested', {
        remote: 'checkout',
        kind: 'unhandled',
        // The API's store keeps the message only: the backend's answer goes in it as well as in `extra` (Sentry).
        message: `payment failed: ${outcome.errorCode ?? 'no code'} ${jsonOf(response)}`,
        extra: { orderId: outcome.orderId, productId: outcome.productId, source, response },
      });
    },
    [bus, transport, invalidate, track, source],
  );
}

/** `value` as JSON for a report's message; a value JSON cannot hold is left out rather than thrown. */
function jsonOf(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
