import { Button, Spinner } from '@companion/ui';
import { PaymentMethods } from './payment-methods.tsx';
import * as styles from './picker.css.ts';

/**
 * The action under a product list: the button, a start failure, the payment methods strip and the legal text.
 * Until the provider is known there is no confirmation (001 §2): a loader stands where the button goes.
 */
export function CheckoutAction({
  label,
  disabled,
  busy,
  failed,
  legal,
  onClick,
  provider,
}: {
  label: string;
  disabled: boolean;
  busy: boolean;
  failed: boolean;
  legal: string | null;
  onClick: () => void;
  /** The provider the server will use; null while unknown. Undefined keeps the button (older callers). */
  provider?: string | null;
}) {
  return (
    <>
      <div className={styles.action}>
        {provider === null ? (
          <p className={styles.pending} role="status" data-testid="checkout-provider-pending">
            <Spinner size="sm" label={null} /> Getting your secure checkout ready…
          </p>
        ) : (
          <Button size="lg" fullWidth loading={busy} disabled={disabled} onClick={onClick}>
            {label}
          </Button>
        )}
      </div>
      {provider === 'paypal' && (
        <p className={styles.providerNote} data-testid="checkout-provider-note">
          You will pay with PayPal and come back here.
        </p>
      )}
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
