import { PATHS } from '@companion/contracts';
import { useBrand } from '@companion/remote-kit';
import { Button, Countdown, formatPrice, Icon } from '@companion/ui';
import { COMPENSATION_CREDITED } from '../lib/decline-codes.ts';
import { formatPaymentDate, SUCCESS_AUTO_CLOSE_SECONDS, type PaidResult } from '../lib/payment-flow.ts';
import * as styles from './result.css.ts';

/** 'Payment Completed' (001 §2): whom and when, what, the total, the statement note; 'Proceed' closes in 0:10. */
export function SuccessScreen({ result, onProceed }: { result: PaidResult; onProceed: () => void }) {
  const brand = useBrand();
  return (
    <div className={styles.screen} data-testid="payment-success">
      <span className={styles.iconSuccess} aria-hidden="true">
        ✓
      </span>
      <dl className={styles.details}>
        <div className={styles.row}>
          <dt className={styles.term}>Payment to</dt>
          <dd className={styles.value}>{brand.name}</dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>Date</dt>
          <dd className={styles.value}>{formatPaymentDate(result.paidAt)}</dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>Product</dt>
          <dd className={styles.value}>{result.isSubscriptionProduct ? 'Premium Access' : result.name}</dd>
        </div>
        <div className={styles.row}>
          <dt className={styles.term}>Total</dt>
          <dd className={styles.total}>{formatPrice(result.amountPaid)}</dd>
        </div>
      </dl>
      {result.compensationTokens > 0 && (
        <div className={styles.gift} data-testid="compensation-tokens">
          <span className={styles.giftAmount}>
            <Icon name="gift" size={18} /> +{result.compensationTokens} tokens
          </span>
          <span>{COMPENSATION_CREDITED}</span>
        </div>
      )}
      <p className={styles.note}>The payment will appear on your bank statement as “{brand.name}”.</p>
      <div className={styles.actions}>
        <Button size="lg" fullWidth onClick={onProceed}>
          Proceed{' '}
          <Countdown
            seconds={SUCCESS_AUTO_CLOSE_SECONDS}
            onExpire={onProceed}
            aria-label="Closes automatically in"
          />
        </Button>
        <a className={styles.link} href={PATHS.contactUs.href()}>
          Contact Us
        </a>
      </div>
    </div>
  );
}
