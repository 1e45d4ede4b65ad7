import { useCallback, useEffect, useRef, useState } from 'react';
import { useResource } from '@companion/remote-kit';
import { offerLists } from '../api.ts';
import { confirmationVariant } from '../confirmation.ts';
import { OFFER_TIMER_SECONDS } from '../constants.ts';
import { defaultSelection } from '../../features/plans/lib/plan-rules.ts';
import { LIFETIME_COPY, showsMonthlyTokens } from '../lifetime.ts';
import { offerTimerId } from '../timers.ts';
import {
  isAnnualPlan,
  singleMode,
  UPGRADE_COPY,
  upgradeChoices,
  UPGRADE_PRODUCT_LIST,
  upgradeInitialState,
  upgradeTransitions,
  type UpgradeContext,
  type UpgradeState,
} from '../upgrade.ts';
import { ConfirmationModal } from './confirmation-modal.tsx';
import { OfferModal, PlanChoices, planLine, purchaseProps } from './offer-modal.tsx';
import * as styles from './offer.css.ts';
import { modalEvents, useFlow, useOfferViewer, usePaidThen } from './use-flow.ts';
import { useOfferPurchase } from './use-offer-purchase.ts';

const CONFIRMS: Partial<
  Record<UpgradeState, 'upgrade' | 'upgradeDownsell' | 'upgradeDownsell2' | 'lifetime'>
> = {
  confirmUpgrade: 'upgrade',
  confirmDownsell: 'upgradeDownsell',
  confirmDownsell2: 'upgradeDownsell2',
  confirmLifetime: 'lifetime',
};

/** The upgrade chain for subscribers (001 §2, §4), ending in the lifetime offer by the period rules. */
export function UpgradeFlow({
  source,
  onEnd,
  entry,
}: {
  source: string;
  onEnd: () => void;
  entry?: 'afterAnnual' | undefined;
}) {
  const viewer = useOfferViewer();
  // The rules read the period the flow started with: an upgrade bought on the way changes the user, not the table.
  const [ctx] = useState<UpgradeContext>(() => ({
    period: viewer.period,
    weeklyExperiment: viewer.weeklyExperiment,
    lifetimeFlag: viewer.period === 'lifetime',
  }));
  const [table] = useState(() => upgradeTransitions(ctx));
  const [initial] = useState(() => upgradeInitialState(ctx, entry));
  const [state, send] = useFlow(table, initial ?? 'upgrade', onEnd);
  const user = viewer.userId;
  const offerStep = state === 'end' || state === 'lifetime' ? state : (CONFIRMS[state] ?? state);
  const listType =
    offerStep === 'upgrade' || offerStep === 'upgradeDownsell' || offerStep === 'upgradeDownsell2'
      ? UPGRADE_PRODUCT_LIST[offerStep]
      : null;
  const plans = useResource(user && listType ? `offers|upgrade|${listType}|${user}` : null, (t) =>
    offerLists.upgrade(t, listType ?? 'base'),
  );
  const lifetime = useResource(
    user && offerStep === 'lifetime' ? `offers|lifetime|${user}` : null,
    offerLists.lifetime,
  );
  const [picked, setPicked] = useState<string | null>(null);
  // 001 §5 single-option mode: the first step offers monthly and quarterly users the one plan their rule leaves,
  // preselected by the single-mode default (ADR 0430); the downsells keep their lists.
  const single = offerStep === 'upgrade' ? singleMode(viewer.period, ctx.weeklyExperiment) : null;
  const list = (offerStep === 'lifetime' ? lifetime.data : upgradeChoices(plans.data, single)) ?? null;
  const selected =
    list?.find((p) => p.id === picked) ??
    (single ? defaultSelection(list ?? [], null, single) : null) ??
    list?.find((p) => isAnnualPlan(p.periodInMonths)) ??
    list?.[0];
  const purchase = useOfferPurchase({
    source,
    step: offerStep,
    downsellType: offerStep === 'upgrade' ? 'base' : offerStep === 'lifetime' ? 'lifetime' : 'extra',
    charge: 'plan-change',
  });
  // What was bought, kept past the refetch a payment causes (the upgrade lists then drop the plan just bought).
  const bought = useRef(selected);
  if (selected) bought.current = selected;
  const purchased = useCallback(
    () =>
      send(bought.current && isAnnualPlan(bought.current.periodInMonths) ? 'purchasedAnnual' : 'purchased'),
    [send],
  );
  usePaidThen(purchase.state, purchased);

  useEffect(() => {
    if (initial === null) onEnd();
  }, [initial, onEnd]);
  if (initial === null || state === 'end') return null;
  const confirming = CONFIRMS[state];
  if (confirming)
    return (
      <ConfirmationModal
        variant={confirmationVariant('upgrade', confirming)}
        adult={viewer.adult}
        onLeave={() => send('leave')}
        onStay={() => send('stay')}
      />
    );
  const common = {
    ...purchaseProps(
      purchase,
      viewer.hasCard,
      selected ? { id: selected.id, currentPrice: selected.currentPrice, isTokens: false } : null,
    ),
    plan: true,
    line: planLine(selected),
    onDecline: () => send('decline'),
  };
  const picker =
    list && list.length > 1 ? (
      <PlanChoices
        plans={list}
        selectedId={selected?.id ?? null}
        label="Plans"
        testIdPrefix="upgrade-plan"
        onPick={setPicked}
      />
    ) : null;
  if (state === 'lifetime')
    return (
      <OfferModal
        key="lifetime"
        testId="upgrade-lifetime"
        badge={LIFETIME_COPY.pageHeadline}
        title={LIFETIME_COPY.headline}
        subtitle={LIFETIME_COPY.pageSubline}
        actionLabel={LIFETIME_COPY.action}
        analytics={modalEvents('lifetime_offer_modal')}
        extra={
          <ul className={styles.list}>
            {[
              ...LIFETIME_COPY.benefits,
              ...(showsMonthlyTokens(viewer.features) ? [LIFETIME_COPY.monthlyTokens] : []),
            ].map((benefit) => (
              <li key={benefit} className={styles.listItem}>
                <span className={styles.tick} aria-hidden="true">
                  ✓
                </span>
                {benefit}
              </li>
            ))}
          </ul>
        }
        {...common}
      />
    );
  const copy =
    state === 'upgrade'
      ? {
          badge: UPGRADE_COPY.upgrade.badge,
          title: UPGRADE_COPY.upgrade.title,
          action: UPGRADE_COPY.upgrade.action,
        }
      : state === 'upgradeDownsell'
        ? { ...UPGRADE_COPY.upgradeDownsell, action: UPGRADE_COPY.upgrade.action }
        : { ...UPGRADE_COPY.upgradeDownsell2, action: UPGRADE_COPY.upgrade.action };
  return (
    <OfferModal
      key={state}
      testId={`upgrade-${state}`}
      badge={copy.badge}
      title={copy.title}
      timer={{ id: offerTimerId('upgrade', state, user), seconds: OFFER_TIMER_SECONDS.upgrade }}
      actionLabel={copy.action}
      analytics={modalEvents(`${state === 'upgrade' ? 'upgrade' : state}_modal`)}
      extra={picker}
      hideLine={picker !== null}
      {...common}
    />
  );
}
