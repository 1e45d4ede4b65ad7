import { useCallback } from 'react';
import type { Transport } from '@companion/contracts';
import { useBus, useTransport } from '@companion/remote-kit';
import { SUBSCRIPTION_CACHES } from '../../../hooks/subscription-bookkeeping.ts';
import { useSubscriptionBookkeeping } from '../../../hooks/use-subscription-bookkeeping.ts';
import { stopPaymentTimer } from '../../../api/payments-api.ts';
import type { PaidResult } from '../lib/payment-flow.ts';
import { usePaymentTracking } from './use-payment-tracking.ts';

/** Cache keys refetched after a successful payment (001 §4: cards, subscription, products, user). */
const INVALIDATED_AFTER_PAYMENT = SUBSCRIPTION_CACHES;

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
  /** The timer was started by a page the browser has left (the provider's redirect): `stop-by-id` ends it. */
  timerStartedElsewhere?: boolean;
};

/** Stops the payment-duration timer of `outcome` with its result label (001 §7 `stop` / `stop-by-id`). */
function stopTimer(transport: Transport, outcome: PaymentOutcome, label: 'success' | 'fail') {
  const id = outcome.timerId ?? outcome.orderId;
  if (!id) return;
  void stopPaymentTimer(transport, id, label, outcome.timerStartedElsewhere);
}

/**
 * The one success/failure pipeline of every purchase (001 §4 "On success" / "On failure", §7 metrics and analytics):
 * stops the payment-duration timer with its result label, refreshes the user and balance and invalidates this
 * remote's caches, tracks `purchase` or `payment_failed` with the product id, publishes `payment:succeeded` for the
 * ad pixels, and reports a failure with the backend's answer. Callers make sure each order settles once.
 */
export function usePaymentOutcome(source: string): (outcome: PaymentOutcome) => void {
  const bus = useBus();
  const transport = useTransport();
  const bookkeeping = useSubscriptionBookkeeping();
  const track = usePaymentTracking();
  return useCallback(
    (outcome: PaymentOutcome) => {
      if (outcome.success) {
        const { orderId, result } = outcome;
        stopTimer(transport, outcome, 'success');
        bus.publish('tokens:balance-refresh-requested', { source });
        // The user and the caches through the subscription bookkeeping (000 §9: one round per 500 ms burst).
        bookkeeping(INVALIDATED_AFTER_PAYMENT, source);
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
      stopTimer(transport, outcome, 'fail');
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
    [bus, transport, bookkeeping, track, source],
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
