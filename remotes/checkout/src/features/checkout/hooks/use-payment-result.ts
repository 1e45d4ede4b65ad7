import { useEffect, useRef, useState } from 'react';
import { useBus, useTransport } from '@companion/remote-kit';
import { checkOrderStatus } from '../../../api/payments-api.ts';
import {
  isForOrder,
  outcomeOfNotification,
  outcomeOfStatus,
  POLL_CUTOFF_MS,
  POLL_INTERVAL_MS,
  type PaymentStep,
} from '../lib/payment-flow.ts';
import { usePaymentOutcome } from './use-payment-outcome.ts';

/**
 * The result of one order (001 §4): `PaymentNotification` from the shell's hub events, and
 * `payments/check-order-status` every 2 s as the fallback; after 20 s without an answer the step becomes
 * 'stillProcessing' (not 'fail'). The result goes through the one purchase pipeline (`usePaymentOutcome`).
 */
export function usePaymentResult(
  orderId: string | null,
  source: string,
  /** Set on a provider's return: the payment-duration timer id kept across the redirect (`stop-by-id`). */
  returnedTimerId?: string | null,
): [PaymentStep | null, () => void] {
  const bus = useBus();
  const transport = useTransport();
  const settle = usePaymentOutcome(source);
  const [step, setStep] = useState<PaymentStep | null>(
    orderId ? { step: 'paymentProcessing', orderId } : null,
  );
  const [attempt, setAttempt] = useState(0);
  const settled = useRef(false);

  useEffect(() => {
    if (!orderId) return undefined;
    settled.current = false;
    setStep({ step: 'paymentProcessing', orderId });
    const finish = (next: PaymentStep, response: unknown, productId: string | null) => {
      if (settled.current) return;
      settled.current = true;
      clearInterval(poll);
      clearTimeout(cutoff);
      setStep(next);
      const timer =
        returnedTimerId === undefined
          ? {}
          : { timerId: returnedTimerId ?? orderId, timerStartedElsewhere: true };
      if (next.step === 'success') settle({ success: true, orderId, result: next.result, ...timer });
      else if (next.step === 'fail')
        settle({ success: false, orderId, productId, errorCode: next.errorCode, response, ...timer });
    };
    const sub = bus.subscribe('payment:notification-received', ({ notification }) => {
      if (isForOrder(notification, orderId))
        finish(
          outcomeOfNotification(notification, orderId, new Date()),
          notification,
          notification.product?.id ?? null,
        );
    });
    const ask = () =>
      checkOrderStatus(transport, orderId).then(
        (status) => {
          const outcome = outcomeOfStatus(status, new Date());
          if (outcome) finish(outcome, status, status.productId);
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
  }, [orderId, attempt, bus, transport, settle, returnedTimerId]);

  return [step, () => setAttempt((n) => n + 1)];
}
