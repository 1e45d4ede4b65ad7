import { useEffect, useState, type ReactNode } from 'react';
import { useTrack } from '@companion/remote-kit';
import { Button, cx, formatCountdown, formatPrice, Modal, Skeleton } from '@companion/ui';
import { PaymentMethods } from '../../components/payment-methods.tsx';
import { declineInfo } from '../../features/checkout/lib/decline-codes.ts';
import { ONE_CLICK_CONSENT } from '../constants.ts';
import * as styles from './offer.css.ts';
import { useOfferTimer } from './use-offer-timer.ts';
import type { PurchaseState } from './use-offer-purchase.ts';

/** What the product row shows. */
export interface OfferLine {
  id: string;
  name: ReactNode;
  note?: string | null;
  currentPrice: number;
  previousPrice: number;
}

/**
 * One offer modal (upsell, downsell, insufficient tokens, welcome, upgrade, lifetime): a promo hero with badge,
 * tag and title, the looping countdown, the product, the one-click consent (only with a saved card), the action
 * and a decline. Closing it (button, Escape, backdrop) is the flow's decline.
 */
export function OfferModal({
  testId,
  source,
  heading,
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
  hasCard,
  purchase,
  redirecting,
  startFailed,
  analytics,
  onBuy,
  onDecline,
}: {
  testId: string;
  /** Where the offer was raised (the paywall's source), as `data-source`. */
  source?: string | undefined;
  /** The dialog's accessible name (the title when there is one). */
  heading: string;
  badge?: string | undefined;
  tag?: string | undefined;
  title?: string | undefined;
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
  hasCard: boolean;
  purchase: PurchaseState;
  redirecting: boolean;
  startFailed: boolean;
  /** `<name>_shown` on open, `_clicked` on buy, `_closed` on decline (or the given names). */
  analytics: { shown: string; clicked: string; closed: string };
  onBuy: (consent: boolean) => void;
  onDecline: () => void;
}) {
  const track = useTrack();
  const [consent, setConsent] = useState(false);
  const props: Record<string, string | number | null> = {
    product_id: line?.id ?? null,
    price_usd: line ? line.currentPrice / 100 : null,
  };
  useEffect(() => {
    track(analytics.shown, { placement: testId });
    // Shown once per modal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const busy = purchase.status === 'busy' || redirecting;
  const decline = () => {
    if (busy) return;
    track(analytics.closed, { ...props, placement: testId });
    onDecline();
  };
  return (
    <Modal open size="sm" title={heading} hideTitle onClose={decline} dismissable={!busy} hideClose={busy}>
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
            <span className={styles.prices}>
              {line.previousPrice > line.currentPrice && (
                <span className={styles.previous}>{formatPrice(line.previousPrice)}</span>
              )}
              <span className={styles.current}>{formatPrice(line.currentPrice)}</span>
            </span>
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
            <Button variant="ghost" fullWidth disabled={busy} onClick={decline} data-testid="offer-decline">
              No, thanks
            </Button>
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
        <PaymentMethods />
      </div>
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
