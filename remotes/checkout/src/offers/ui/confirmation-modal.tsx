import { Button, Modal } from '@companion/ui';
import { CONFIRMATION_BUTTONS, confirmationText, type ConfirmationVariant } from '../confirmation.ts';
import * as styles from './offer.css.ts';

/**
 * 'Are you sure' (001 §2): the variant's adult or non-adult text, 'Yes, lose access' moves the flow on, 'No, go
 * back' returns to the offer. Neither the backdrop nor Escape closes it, and it has no close button.
 */
export function ConfirmationModal({
  variant,
  adult,
  onLeave,
  onStay,
}: {
  variant: ConfirmationVariant;
  adult: boolean;
  onLeave: () => void;
  onStay: () => void;
}) {
  const text = confirmationText(variant, adult);
  return (
    <Modal
      open
      size="sm"
      title={text.title}
      hideTitle
      dismissable={false}
      hideClose
      onClose={() => undefined}
    >
      <div className={styles.body} data-testid="offer-confirmation" data-variant={variant}>
        <span className={styles.confirmIcon} aria-hidden="true">
          !
        </span>
        <h2 className={styles.confirmTitle}>{text.title}</h2>
        <p className={styles.confirmText}>{text.text}</p>
        <div className={styles.actions}>
          <Button size="lg" fullWidth onClick={onStay} data-testid="confirm-stay">
            {CONFIRMATION_BUTTONS.stay}
          </Button>
          <Button variant="ghost" fullWidth onClick={onLeave} data-testid="confirm-leave">
            {CONFIRMATION_BUTTONS.leave}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
