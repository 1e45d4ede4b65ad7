import { Button } from '@companion/ui';
import { PaymentMethods } from './payment-methods.tsx';
import * as styles from './picker.css.ts';

/** The action under a product list: the button, a start failure, the payment methods strip and the legal text. */
export function CheckoutAction({
  label,
  disabled,
  busy,
  failed,
  legal,
  onClick,
}: {
  label: string;
  disabled: boolean;
  busy: boolean;
  failed: boolean;
  legal: string | null;
  onClick: () => void;
}) {
  return (
    <>
      <div className={styles.action}>
        <Button size="lg" fullWidth loading={busy} disabled={disabled} onClick={onClick}>
          {label}
        </Button>
      </div>
      {failed && (
        <p role="alert" className={styles.error}>
          We could not start the payment. Please try again.
        </p>
      )}
      <PaymentMethods />
      {legal && <p className={styles.legal}>{legal}</p>}
    </>
  );
}
