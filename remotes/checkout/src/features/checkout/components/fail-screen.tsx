import { PATHS } from '@companion/contracts';
import { useBrand } from '@companion/remote-kit';
import { Button, formatPrice, Icon } from '@companion/ui';
import { COMPENSATION_NOTE, COMPENSATION_TEXT, declineInfo, FAIL_DESCRIPTION } from '../lib/decline-codes.ts';
import * as styles from './result.css.ts';

/** The failure screen (001 §2, §8): title and message of the code, the unpaid amount, retry, support. */
export function FailScreen({
  errorCode,
  amount,
  retrying,
  onRetry,
}: {
  errorCode: string | null;
  amount: number | null;
  retrying: boolean;
  onRetry: () => void;
}) {
  const brand = useBrand();
  const info = declineInfo(errorCode);
  return (
    <div className={styles.screen} data-testid="payment-fail" data-code={errorCode ?? ''}>
      <span className={styles.iconFail} aria-hidden="true">
        !
      </span>
      <p className={styles.message}>{FAIL_DESCRIPTION}</p>
      <p className={styles.note} data-testid="fail-advice">
        {info.message}
      </p>
      {amount !== null && (
        <dl className={styles.details}>
          <div className={styles.row}>
            <dt className={styles.term}>Amount not paid</dt>
            <dd className={styles.total}>{formatPrice(amount)}</dd>
          </div>
        </dl>
      )}
      {info.freeTokens > 0 && (
        <div className={styles.gift} data-testid="free-tokens">
          <span className={styles.giftAmount}>
            <Icon name="gift" size={18} /> Get {info.freeTokens} tokens
          </span>
          <span>{COMPENSATION_TEXT}</span>
          <span className={styles.giftNote}>{COMPENSATION_NOTE}</span>
        </div>
      )}
      <div className={styles.actions}>
        <Button size="lg" fullWidth loading={retrying} onClick={onRetry}>
          {info.button}
        </Button>
        <a className={styles.link} href={PATHS.contactUs.href()}>
          Have a question? Contact Us
        </a>
        <p className={styles.note}>
          Billing support:{' '}
          <a className={styles.link} href={`mailto:${brand.supportEmail}`}>
            {brand.supportEmail}
          </a>
        </p>
      </div>
    </div>
  );
}
