import { useState } from 'react';
import { Button, Modal } from '@companion/ui';
import * as styles from './modal-body.css.ts';
import { useVisitor } from './use-visitor.ts';

/** The 'Log out Account' confirmation (000 §2.5) with Cancel and Log out; confirming ends the session. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { api } = useVisitor();
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onClose={onClose} title="Log out Account">
      <div className={styles.modalBody} data-testid="logout-dialog">
        <p className={styles.modalLead}>Are you sure you want to log out of your account?</p>
        <div className={styles.modalActions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={busy}
            onClick={() => {
              setBusy(true);
              void api.logout().finally(() => {
                setBusy(false);
                onClose();
              });
            }}
          >
            Log out
          </Button>
        </div>
      </div>
    </Modal>
  );
}
