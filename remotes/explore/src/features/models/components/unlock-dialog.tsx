import { Button, Modal } from '@companion/ui';
import type { PersonModel } from '@companion/contracts';
import * as styles from './unlock-dialog.css.ts';

/** Confirms a token unlock of a locked or premium character before any tokens are spent. */
export function UnlockDialog({
  model,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  model: PersonModel | null;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={model !== null}
      onClose={onClose}
      title={`Unlock ${model?.firstName ?? ''}`}
      dismissable={!busy}
    >
      <p className={styles.text}>
        {model?.isPremium
          ? `${model.firstName} is a premium character. Unlock her with tokens to start chatting.`
          : `Unlock ${model?.firstName ?? ''} with tokens to start chatting.`}
      </p>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={onConfirm} loading={busy}>
          Unlock
        </Button>
      </div>
    </Modal>
  );
}
