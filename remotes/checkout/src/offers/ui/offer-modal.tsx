import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { SubscriptionProduct } from '@companion/contracts';
import { useTrack } from '@companion/remote-kit';
import { Button, cx, formatCountdown, formatPrice, Modal, Skeleton } from '@companion/ui';
import { PaymentMethods } from '../../components/payment-methods.tsx';
import { LeavingScreen } from '../../features/checkout/components/provider-screens.tsx';
import type { StartCheckout } from '../../features/checkout/hooks/use-start-checkout.ts';
import { declineInfo } from '../../features/checkout/lib/decline-codes.ts';
import { ONE_CLICK_CONSENT } from '../constants.ts';
import { useOfferEnd } from './offer-end.ts';
import * as styles from './offer.css.ts';
import { useOfferTimer } from './use-offer-timer.ts';
import type { OfferProduct, PurchaseState, useOfferPurchase } from './use-offer-purchase.ts';

/** What the product row shows. */
export interface OfferLine {
  id: string;
  name: ReactNode;
  note?: string | null;
  currentPrice: number;
  previousPrice: number;
}

/** A plan as an offer's product row (lifetime has no per-day price, 001 §2). */
export function planLine(product: SubscriptionProduct | null | undefined): OfferLine | null {
  return product
    ? {
        id: product.id,
        name: product.isLifetimeSubscription ? 'Lifetime' : product.title,
        note: product.isLifetimeSubscription ? null : `${formatPrice(product.currentPriceDaily)} per day`,
        currentPrice: product.currentPrice,
        previousPrice: product.previousPrice,
      }
    : null;
}

/**
 * What an offer modal takes from its purchase: the state, the redirect and start failure, and the buy of `product`
 * (one click on the saved card with consent, else the hosted page). Every flow that sells through
 * `useOfferPurchase` passes these the same way.
 */
export function purchaseProps(
  purchase: ReturnType<typeof useOfferPurchase>,
  hasCard: boolean,
  product: OfferProduct | null,
) {
  return {
    hasCard,
    purchase: purchase.state,
    redirecting: purchase.redirecting,
    startFailed: purchase.startFailed,
    checkout: purchase.checkout,
    onBuy: (consent: boolean) => {
      if (product) void purchase.buy(product, consent, hasCard);
    },
  };
}

/** A radio list of plans inside an offer (the upgrade steps, the declined popup), the selected one highlighted. */
export function PlanChoices({
  plans,
  selectedId,
  label,
  testIdPrefix,
  onPick,
}: {
  plans: readonly SubscriptionProduct[] | null;
  selectedId: string | null;
  label: string;
  testIdPrefix: string;
  onPick: (id: string) => void;
}) {
  return (
    <div role="radiogroup" aria-label={label} className={styles.plans}>
      {plans === null ? (
        <Skeleton height={72} />
      ) : (
        plans.map((product) => (
          <button
            key={product.id}
            type="button"
            role="radio"
            aria-checked={product.id === selectedId}
            className={styles.plan}
            data-testid={`${testIdPrefix}-${product.id}`}
            onClick={() => onPick(product.id)}
          >
            <span className={styles.dot} aria-hidden="true" />
            <span className={styles.planText}>
              <span className={styles.productName}>{product.title}</span>
              <span className={styles.productNote}>{formatPrice(product.currentPriceDaily)} per day</span>
            </span>
            <Prices previous={product.previousPrice} current={product.currentPrice} />
          </button>
        ))
      )}
    </div>
  );
}

function Prices({ previous, current }: { previous: number; current: number }) {
  return (
    <span className={styles.prices}>
      {previous > current && <span className={styles.previous}>{formatPrice(previous)}</span>}
      <span className={styles.current}>{formatPrice(current)}</span>
    </span>
  );
}

/**
 * One offer modal (upsell, downsell, insufficient tokens, welcome, upgrade, lifetime): a promo hero with badge,
 * tag and title, the looping countdown, the product, the one-click consent (only with a saved card), the action
 * and a decline. Closing it (button, Escape, backdrop) is the flow's decline.
 */
export function OfferModal({
  testId,
  source,
  badge,
  tag,
  title,
  subtitle,
  art,
  plan = false,
  timer,
  line,
  note,
  extra,
  hideLine = false,
  actionLabel,
  secondary,
  footnote,
  hasCard,
  purchase,
  redirecting,
  startFailed,
  checkout,
  analytics,
  onBuy,
  onDecline,
}: {
  testId: string;
  /** Where the offer was raised (the paywall's source), as `data-source`. */
  source?: string | undefined;
  badge?: string | undefined;
  tag?: string | undefined;
  /** The hero's heading, also the dialog's accessible name. */
  title: string;
  subtitle?: string | undefined;
  art?: ReactNode;
  plan?: boolean;
  timer?: { id: string; seconds: number } | undefined;
  line: OfferLine | null;
  note?: string | undefined;
  extra?: ReactNode;
  /** A picker in `extra` already shows the products: no separate product row. */
  hideLine?: boolean;
  actionLabel: string;
  /** The second button, when it is not the decline ('No, thanks'): closing still declines. */
  secondary?: { label: string; onClick: () => void } | undefined;
  /** Small print under the actions (a disclaimer). */
  footnote?: string | undefined;
  hasCard: boolean;
  purchase: PurchaseState;
  redirecting: boolean;
  startFailed: boolean;
  /** The card checkout the buy started: its embedded form opens over the offer (ADR 0410). */
  checkout?: StartCheckout | undefined;
  /** `<name>_shown` on open, `_clicked` on buy, `_closed` on decline (or the given names). */
  analytics: { shown: string; clicked: string; closed: string };
  onBuy: (consent: boolean) => void;
  onDecline: () => void;
}) {
  const track = useTrack();
  const endFlow = useOfferEnd();
  const [consent, setConsent] = useState(false);
  const props: Record<string, string | number | null> = {
    product_id: line?.id ?? null,
    price_usd: line ? line.currentPrice / 100 : null,
  };
  // Shown once per modal, when its product is known (001 §7: events carry product_id and price_usd).
  const shown = useRef(false);
  const productId = line?.id ?? null;
  useEffect(() => {
    if (shown.current || productId === null) return;
    shown.current = true;
    track(analytics.shown, { ...props, placement: testId });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId]);
  const busy = purchase.status === 'busy' || redirecting;
  const decline = () => {
    if (busy) return;
    track(analytics.closed, { ...props, placement: testId });
    onDecline();
  };
  return (
    <Modal open size="sm" title={title} hideTitle onClose={decline} dismissable={!busy} hideClose={busy}>
      <div className={styles.body} data-testid={testId} data-source={source}>
        <div className={cx(styles.hero, plan && styles.heroPlan)}>
          {badge && <span className={styles.badge}>{badge}</span>}
          {art}
          {tag && <span className={styles.tag}>{tag}</span>}
          {title && <h2 className={styles.title}>{title}</h2>}
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {timer && <OfferTimer id={timer.id} seconds={timer.seconds} />}
        {extra}
        {hideLine ? null : line ? (
          <div className={styles.product} data-testid="offer-product" data-product-id={line.id}>
            <span>
              <span className={styles.productName}>{line.name}</span>
              {line.note && <span className={styles.productNote}>{line.note}</span>}
            </span>
            <Prices previous={line.previousPrice} current={line.currentPrice} />
          </div>
        ) : (
          <Skeleton height={72} />
        )}
        {note && <p className={styles.note}>{note}</p>}
        {hasCard && (
          <label className={styles.consent}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
              data-testid="one-click-consent"
            />
            <span>{ONE_CLICK_CONSENT}</span>
          </label>
        )}
        {purchase.status === 'paid' ? (
          <p className={styles.paid} role="status" data-testid="offer-paid">
            Payment Completed
          </p>
        ) : (
          <div className={styles.actions}>
            <Button
              size="lg"
              fullWidth
              loading={busy}
              disabled={!line}
              data-testid="offer-buy"
              onClick={() => {
                track(analytics.clicked, { ...props, placement: testId, oneClick: hasCard && consent });
                onBuy(hasCard && consent);
              }}
            >
              {actionLabel}
            </Button>
            {secondary ? (
              <Button variant="ghost" fullWidth disabled={busy} onClick={secondary.onClick}>
                {secondary.label}
              </Button>
            ) : (
              <Button variant="ghost" fullWidth disabled={busy} onClick={decline} data-testid="offer-decline">
                No, thanks
              </Button>
            )}
          </div>
        )}
        {purchase.status === 'failed' && (
          <p role="alert" className={styles.error}>
            {declineInfo(purchase.errorCode).title}. {declineInfo(purchase.errorCode).message}
          </p>
        )}
        {startFailed && (
          <p role="alert" className={styles.error}>
            We could not start the payment. Please try again.
          </p>
        )}
        {footnote && <p className={styles.disclaimer}>{footnote}</p>}
        <PaymentMethods />
      </div>
      {checkout?.embedded && (
        <LeavingScreen checkout={checkout} provider={null} onSettled={endFlow ?? undefined} />
      )}
    </Modal>
  );
}

function OfferTimer({ id, seconds }: { id: string; seconds: number }) {
  const left = useOfferTimer(id, seconds);
  return (
    <span className={styles.timer} data-testid="offer-timer" role="timer">
      Offer ends in <span data-testid="offer-timer-value">{formatCountdown(left)}</span>
    </span>
  );
}
