import { ConfirmDialog } from '@companion/ui';
import type { PersonModel } from '@companion/contracts';

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
    <ConfirmDialog
      open={model !== null}
      onClose={onClose}
      title={`Unlock ${model?.firstName ?? ''}`}
      size="md"
      dismissable={!busy}
      busy={busy}
      error={error}
      confirmLabel="Unlock"
      onConfirm={onConfirm}
    >
      {model?.isPremium
        ? `${model.firstName} is a premium character. Unlock her with tokens to start chatting.`
        : `Unlock ${model?.firstName ?? ''} with tokens to start chatting.`}
    </ConfirmDialog>
  );
}
