import { useState, type ReactNode } from 'react';
import { PATHS, type ActiveSubscription } from '@companion/contracts';
import { useBus, useResource, useTransport, useVisitor } from '@companion/remote-kit';
import { Button, ConfirmDialog, Icon, Skeleton } from '@companion/ui';
import {
  cancelSubscription,
  deleteCard,
  getActiveSubscription,
  getCards,
  restoreSubscription,
} from '../../../api/payments-api.ts';
import { useBuyer } from '../../../hooks/use-buyer.ts';
import { RENEWAL_BADGE, showsRenewalBadge, upgradeInitialState } from '../../../offers/offers.tsx';
import { useSubscriptionBookkeeping } from '../../../hooks/use-subscription-bookkeeping.ts';
import { CANCEL_REASONS, subscriptionStatusText } from '../lib/cancel-reasons.ts';
import * as styles from './subscription-panel.css.ts';

/**
 * Subscription management for the settings page (001 §4 "Subscription lifecycle"): the active plan, cancel with
 * the answers list and a confirmation, restore, change plan, saved cards. Change plan opens `changePlan` (the
 * settings root composes the upgrade-only plans charged on the saved card) when a card exists, else the
 * upgrade-only pricing page. After cancel or restore the subscription and the user are refetched; failures are
 * only logged (001 §8).
 */
export function SubscriptionPanel({
  changePlan,
}: {
  changePlan?: (live: ActiveSubscription, close: () => void) => ReactNode;
} = {}) {
  const transport = useTransport();
  const bus = useBus();
  const buyer = useBuyer();
  const { user } = useVisitor();
  const key = buyer.ready ? buyer.userId : null;
  const subscription = useResource(key && `subscription|${key}`, getActiveSubscription);
  const yuno = subscription.data?.paymentSystem === 'yuno';
  const cards = useResource(key && `cards|${key}|${yuno}`, (t) => getCards(t, yuno));
  const [asking, setAsking] = useState(false);
  const [answers, setAnswers] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [changing, setChanging] = useState(false);

  const bookkeeping = useSubscriptionBookkeeping();
  const refresh = () => bookkeeping(['subscription|*', 'cards|*'], 'checkout_subscription_panel');
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      console.warn('[checkout] subscription change failed', error);
    } finally {
      setBusy(false);
      refresh();
    }
  };

  if (subscription.status !== 'ready' && !subscription.data) return <Skeleton lines={3} />;
  const live = subscription.data ?? null;
  if (!live)
    return (
      <div className={styles.panel} data-testid="subscription-panel">
        <p className={styles.muted}>You are on the free plan.</p>
      </div>
    );
  const cancelled = live.status === 'cancellation_requested';
  // The upgrade chain's entry (001 §4): lifetime for annual users, the upgrade offer for monthly and quarterly.
  const upgradeEntry =
    !cancelled && user
      ? upgradeInitialState({
          period: user.periodInMonths,
          weeklyExperiment: user.userFeatures.featureExperimentWeeklyPlan,
          lifetimeFlag: false,
        })
      : null;
  return (
    <div className={styles.panel} data-testid="subscription-panel" data-status={live.status}>
      <p className={styles.muted}>{subscriptionStatusText(live.status, live.endDate)}</p>
      {/* A recurring plan's next renewal brings the bonus (ADR 0251); a cancelled one gets it back by restoring. */}
      {showsRenewalBadge(live) && (
        <p className={styles.renewal} data-testid="renewal-badge">
          <Icon name="tokens" size={16} />
          {RENEWAL_BADGE}
        </p>
      )}
      <div className={styles.row}>
        {changePlan && buyer.hasCard && cards.data && cards.data.length > 0 ? (
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={changing}
            onClick={() => setChanging((open) => !open)}
          >
            Change plan
          </Button>
        ) : (
          <Button size="sm" variant="secondary" href={PATHS.pricing.href()}>
            Change plan
          </Button>
        )}
        {upgradeEntry && (
          <Button
            size="sm"
            onClick={() =>
              bus.publish('paywall:open-requested', { paywallType: 'subscription', source: 'upgrade' })
            }
          >
            {upgradeEntry === 'lifetime' ? 'Get Lifetime Access' : 'See upgrade offers'}
          </Button>
        )}
        {cancelled ? (
          <Button
            size="sm"
            loading={busy}
            onClick={() => void run(() => restoreSubscription(transport, live.id))}
          >
            Restore subscription
          </Button>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
            Cancel subscription
          </Button>
        )}
      </div>
      {changing && changePlan?.(live, () => setChanging(false))}
      <h3 className={styles.heading}>Saved cards</h3>
      {cards.data && cards.data.length > 0 ? (
        <ul className={styles.cards}>
          {cards.data.map((card) => (
            <li key={card.id} className={styles.card}>
              <span>
                {card.brand} •••• {card.last4}
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${card.brand} card ending ${card.last4}`}
                onClick={() => void run(() => deleteCard(transport, card.id))}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>No saved cards.</p>
      )}
      <ConfirmDialog
        open={asking}
        title="Cancel your subscription?"
        confirmLabel="Yes, lose access"
        cancelLabel="No, go back"
        tone="danger"
        busy={busy}
        dismissable={false}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          void run(() => cancelSubscription(transport, live, answers)).then(() => setAsking(false))
        }
      >
        <fieldset className={styles.reasons}>
          <legend className={styles.muted}>Tell us why you are leaving (optional):</legend>
          {CANCEL_REASONS.map((reason) => (
            <label key={reason} className={styles.reason}>
              <input
                type="checkbox"
                checked={answers.includes(reason)}
                onChange={(event) =>
                  setAnswers((list) =>
                    event.target.checked ? [...list, reason] : list.filter((item) => item !== reason),
                  )
                }
              />
              {reason}
            </label>
          ))}
        </fieldset>
      </ConfirmDialog>
    </div>
  );
}
