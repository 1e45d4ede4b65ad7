import { useEffect, useRef, useState } from 'react';
import { useBus, useInvalidate, useTransport } from '@companion/remote-kit';
import { checkOrderStatus, stopPaymentTimer } from '../../../api/payments-api.ts';
import {
  isForOrder,
  outcomeOfNotification,
  outcomeOfStatus,
  POLL_CUTOFF_MS,
  POLL_INTERVAL_MS,
  type PaymentStep,
} from '../lib/payment-flow.ts';
import { usePaymentTracking } from './use-payment-tracking.ts';

/** Cache keys refetched after a successful payment (001 §4: cards, subscription, products, user). */
export const INVALIDATED_AFTER_PAYMENT = ['cards|*', 'subscription|*', 'products|*'];

/**
 * The result of one order (001 §4): `PaymentNotification` from the shell's hub events, and
 * `payments/check-order-status` every 2 s as the fallback; after 20 s without an answer the step becomes
 * 'stillProcessing' (not 'fail'). On success the shell refetches the user and balance and this remote's
 * caches are invalidated; on failure the failure is tracked and reported.
 */
export function usePaymentResult(orderId: string | null, source: string): [PaymentStep | null, () => void] {
  const bus = useBus();
  const transport = useTransport();
  const invalidate = useInvalidate();
  const track = usePaymentTracking();
  const [step, setStep] = useState<PaymentStep | null>(
    orderId ? { step: 'paymentProcessing', orderId } : null,
  );
  const [attempt, setAttempt] = useState(0);
  const settled = useRef(false);

  useEffect(() => {
    if (!orderId) return undefined;
    settled.current = false;
    setStep({ step: 'paymentProcessing', orderId });
    const finish = (next: PaymentStep) => {
      if (settled.current) return;
      settled.current = true;
      clearInterval(poll);
      clearTimeout(cutoff);
      setStep(next);
      if (next.step === 'success') {
        void stopPaymentTimer(transport, orderId, 'success');
        bus.publish('user:refresh-requested', { source });
        bus.publish('tokens:balance-refresh-requested', { source });
        for (const key of INVALIDATED_AFTER_PAYMENT) invalidate(key);
        track('purchase', { order_id: orderId, price_usd: next.result.amountPaid / 100, placement: source });
        const { result } = next;
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
      } else if (next.step === 'fail') {
        void stopPaymentTimer(transport, orderId, 'fail');
        track('payment_failed', { order_id: orderId, error_code: next.errorCode, placement: source });
        console.error('[checkout] payment failed', { orderId, errorCode: next.errorCode });
      }
    };
    const sub = bus.subscribe('payment:notification-received', ({ notification }) => {
      if (isForOrder(notification, orderId)) finish(outcomeOfNotification(notification, orderId, new Date()));
    });
    const ask = () =>
      checkOrderStatus(transport, orderId).then(
        (status) => {
          const outcome = outcomeOfStatus(status, new Date());
          if (outcome) finish(outcome);
        },
        (error: unknown) => console.warn('[checkout] order status check failed', error),
      );
    void ask();
    const poll = setInterval(() => void ask(), POLL_INTERVAL_MS);
    const cutoff = setTimeout(() => {
      clearInterval(poll);
      if (!settled.current) setStep({ step: 'stillProcessing', orderId });
    }, POLL_CUTOFF_MS);
    return () => {
      settled.current = true;
      sub.unsubscribe();
      clearInterval(poll);
      clearTimeout(cutoff);
    };
  }, [orderId, attempt, bus, transport, invalidate, track, source]);

  return [step, () => setAttempt((n) => n + 1)];
}
