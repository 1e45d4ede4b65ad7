import { useRef, useState } from 'react';
import type { ActiveSubscription, SubscriptionProduct } from '@companion/contracts';
import { apiError, useResource, useTransport, useVisitor } from '@companion/remote-kit';
import { ConfirmDialog, formatPrice } from '@companion/ui';
import {
  getCards,
  getSubscriptionProducts,
  startPaymentTimer,
  updateSubscriptionPlan,
} from '../api/payments-api.ts';
import { PaymentModal } from '../features/checkout/components/payment-modal.tsx';
import { usePaymentResult } from '../features/checkout/hooks/use-payment-result.ts';
import { PlanPicker } from '../features/plans/components/plan-picker.tsx';
import * as styles from './page.css.ts';
import { ONE_CLICK_CONSENT } from '../offers/constants.ts';

/** The one-click consent (001 §2), offered only when a card token exists (001 §5). */

/** Where the refusal of a plan change comes from, for the message under the plans. */
function refusal(error: unknown): string {
  const { code } = apiError(error);
  if (code === 'already_subscribed') return 'You can only move to a longer plan than the one you have.';
  if (code === 'card_not_found') return 'Your saved card is gone. Change plan on the pricing page instead.';
  return 'We could not change your plan. Please try again.';
}

/**
 * A subscriber's plan change on the saved card (001 §4 "After a plan update…", §7
 * `POST Payments/subscription-products/update`): the upgrade-only plans (001 §4, §5), a confirmation naming the
 * card and the price, one Idempotency-Key per confirmation (a double click is one charge), then the payment
 * modal follows the order to success or failure as a checkout does.
 */
export function ChangePlan({ active, onDone }: { active: ActiveSubscription; onDone: () => void }) {
  const transport = useTransport();
  const { user } = useVisitor();
  const key = user ? `products|subscription|${user.id}` : null;
  const products = useResource(key, getSubscriptionProducts);
  const yuno = active.paymentSystem === 'yuno';
  const cards = useResource(user ? `cards|${user.id}|${yuno}` : null, (t) => getCards(t, yuno));
  const [asking, setAsking] = useState<SubscriptionProduct | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [orderId, setOrderId] = useState<string | null>(null);
  const idempotencyKey = useRef<string>('');
  const [step, checkAgain] = usePaymentResult(orderId, 'settings_change_plan');
  const [last, setLast] = useState<SubscriptionProduct | null>(null);
  const card = cards.data?.[0];

  const ask = (product: SubscriptionProduct) => {
    idempotencyKey.current = crypto.randomUUID();
    setError(null);
    setConsent(false);
    setLast(product);
    setAsking(product);
  };
  const confirm = async () => {
    if (!asking) return;
    if (!consent) {
      setError('Please agree to the charge on your saved card first.');
      return;
    }
    setBusy(true);
    try {
      const order = await updateSubscriptionPlan(transport, asking.id, idempotencyKey.current);
      // The payment-duration metric around the charge, stopped by the result (001 §4).
      await startPaymentTimer(transport, order.orderId);
      setAsking(null);
      setOrderId(order.orderId);
    } catch (failure) {
      console.warn('[checkout] plan change failed', failure);
      setError(refusal(failure));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setOrderId(null);
    onDone();
  };

  return (
    <div data-testid="change-plan">
      <PlanPicker
        products={products.data ?? null}
        active={active}
        paymentSystem={active.paymentSystem}
        busy={busy}
        failed={false}
        onContinue={ask}
      />
      {error && !asking && (
        <p role="alert" data-testid="change-plan-error">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={asking !== null}
        title="Change your plan?"
        confirmLabel={asking ? `Pay ${formatPrice(asking.currentPrice)}` : 'Pay'}
        cancelLabel="No, go back"
        busy={busy}
        error={error}
        dismissable={!busy}
        testId="change-plan-confirm"
        onClose={() => setAsking(null)}
        onConfirm={() => void confirm()}
      >
        {asking && (
          <>
            <p>
              Switch to {asking.title} for {formatPrice(asking.currentPrice)}, charged to your saved card
              {card ? ` ${card.brand} •••• ${card.last4}` : ''}. Your new plan starts at once.
            </p>
            {user?.isCardTokenExists && (
              <label className={styles.consent}>
                <input
                  type="checkbox"
                  checked={consent}
                  onChange={(event) => {
                    setConsent(event.target.checked);
                    setError(null);
                  }}
                />
                {ONE_CLICK_CONSENT}
              </label>
            )}
          </>
        )}
      </ConfirmDialog>
      {orderId && step && (
        <PaymentModal
          step={step}
          retrying={busy}
          onProceed={close}
          onRetry={() => {
            setOrderId(null);
            if (last) ask(last);
          }}
          onCheckAgain={checkAgain}
          onClose={close}
        />
      )}
    </div>
  );
}
