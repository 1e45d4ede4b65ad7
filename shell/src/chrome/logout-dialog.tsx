import { useState } from 'react';
import { ConfirmDialog } from '@companion/ui';
import { useVisitor } from './use-visitor.ts';

/** The 'Log out Account' confirmation (000 §2.5) with Cancel and Log out; confirming ends the session. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { api } = useVisitor();
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Log out Account"
      // A default modal (000 §2.5): only the daily bonus is 440 px.
      size="md"
      tone="danger"
      busy={busy}
      confirmLabel="Log out"
      testId="logout-dialog"
      onConfirm={() => {
        setBusy(true);
        void api.logout().finally(() => {
          setBusy(false);
          onClose();
        });
      }}
    >
      Are you sure you want to log out of your account?
    </ConfirmDialog>
  );
}
