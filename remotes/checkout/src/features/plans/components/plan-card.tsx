import type { ActiveSubscription, PaymentSystem, SubscriptionProduct } from '@companion/contracts';
import { cx, formatPrice, Icon } from '@companion/ui';
import { RENEWAL_BADGE, showsRenewalBadge } from '../../../offers/offers.tsx';
import {
  discountBadge,
  isSelectable,
  planLabel,
  saveBadge,
  showsDailyPrice,
  showsPreviousPrice,
} from '../lib/plan-rules.ts';
import * as styles from '../../../components/picker.css.ts';

/** One subscription plan (001 §2 "Subscription plan card"), a radio in the plan group. */
export function PlanCard({
  product,
  active,
  selectedId,
  paymentSystem,
  onSelect,
}: {
  product: SubscriptionProduct;
  active: ActiveSubscription | null;
  selectedId: string | null;
  paymentSystem: PaymentSystem | null;
  onSelect: (product: SubscriptionProduct) => void;
}) {
  const selectable = isSelectable(product, active);
  const label = planLabel(product, active, selectedId);
  const badge = discountBadge(product, paymentSystem);
  const save = saveBadge(product);
  const checked = product.id === selectedId;
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      aria-disabled={!selectable}
      data-testid={`plan-${product.id}`}
      className={styles.card}
      onClick={() => selectable && onSelect(product)}
    >
      {label && (
        <span className={cx(styles.label, label === 'Current Plan' && styles.labelCurrent)}>{label}</span>
      )}
      <span className={styles.radio} aria-hidden="true" />
      <span className={styles.main}>
        <span className={styles.titleRow}>
          <span className={styles.title}>{product.title}</span>
          {badge && (
            <span className={styles.discount} data-testid="discount-badge">
              {badge}
            </span>
          )}
          {save && checked && <span className={styles.save}>{save}</span>}
        </span>
        <span className={styles.prices}>
          {showsPreviousPrice(product) && product.previousPrice > product.currentPrice && (
            <span className={styles.previous} aria-label={`was ${formatPrice(product.previousPrice)}`}>
              {formatPrice(product.previousPrice)}
            </span>
          )}
          <span className={styles.current}>{formatPrice(product.currentPrice)}</span>
        </span>
        {/* On the plan being chosen, like the save badge: a renewal of it brings the bonus (ADR 0251). */}
        {checked && showsRenewalBadge(product) && (
          <span className={styles.renewal} data-testid="renewal-badge">
            <Icon name="tokens" size={14} />
            {RENEWAL_BADGE}
          </span>
        )}
      </span>
      {showsDailyPrice(product) ? (
        <span className={styles.daily}>
          {showsPreviousPrice(product) && (
            <span className={styles.dailyPrevious}>{formatPrice(product.previousPriceDaily)}</span>
          )}
          <span className={styles.dailyValue}>{formatPrice(product.currentPriceDaily)}</span>
          <span className={styles.dailyUnit}>per day</span>
        </span>
      ) : (
        <span />
      )}
    </button>
  );
}
