import { useState } from 'react';
import { useResource, useVisitor } from '@companion/remote-kit';
import { useBuyer } from '../../hooks/use-buyer.ts';
import { useStartCheckout } from '../../features/checkout/hooks/use-start-checkout.ts';
import { offerLists } from '../api.ts';
import { DECLINED_COPY, monthlyProducts } from '../declined.ts';
import { OfferModal, PlanChoices, planLine } from './offer-modal.tsx';
import * as styles from './offer.css.ts';
import { modalEvents } from './use-flow.ts';

const IDLE = { status: 'idle' } as const;

/**
 * The declined-payment popup (001 §2) for code 3.02: monthly plans only, the first preselected, 'Continue' to
 * the hosted checkout (the card just failed for funds: no one-click on it), 'Try again with different card' back
 * to the failed product; closing it ends the flow.
 */
export function DeclinedPopup({
  source,
  returnTo,
  onTryAgain,
  onClose,
}: {
  source: string;
  returnTo: string;
  onTryAgain: () => void;
  onClose: () => void;
}) {
  const { user } = useVisitor();
  const buyer = useBuyer();
  const list = useResource(user ? `offers|monthly|${user.id}` : null, offerLists.monthly);
  const products = list.data ? monthlyProducts(list.data) : null;
  const [picked, setPicked] = useState<string | null>(null);
  const selected = products?.find((p) => p.id === picked) ?? products?.[0] ?? null;
  const checkout = useStartCheckout(buyer.active !== null, returnTo, source);
  return (
    <OfferModal
      testId="declined-popup"
      source={source}
      plan
      badge={DECLINED_COPY.badge}
      title={DECLINED_COPY.headline}
      subtitle={DECLINED_COPY.text}
      line={planLine(selected)}
      hideLine
      extra={
        <>
          <PlanChoices
            plans={products}
            selectedId={selected?.id ?? null}
            label="Monthly plans"
            testIdPrefix="declined-plan"
            onPick={setPicked}
          />
          <div className={styles.perks}>
            <span>✓ {DECLINED_COPY.noCommitment}</span>
            <span>✓ {DECLINED_COPY.guarantee}</span>
          </div>
        </>
      }
      actionLabel={DECLINED_COPY.action}
      secondary={{ label: DECLINED_COPY.tryAgain, onClick: onTryAgain }}
      footnote={DECLINED_COPY.disclaimer}
      hasCard={false}
      purchase={IDLE}
      redirecting={checkout.loading}
      startFailed={checkout.failed}
      checkout={checkout}
      analytics={modalEvents('declined_popup')}
      onBuy={() => {
        if (selected) void checkout.start(selected.id, false, selected.currentPrice);
      }}
      onDecline={onClose}
    />
  );
}
