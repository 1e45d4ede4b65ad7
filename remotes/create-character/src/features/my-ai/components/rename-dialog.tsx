import { useState } from 'react';
import type { PersonModel } from '@companion/contracts';
import { apiError, useTransport } from '@companion/remote-kit';
import { Button, Modal, TextField } from '@companion/ui';
import { validateStep } from '../../../lib/draft/steps.ts';
import { emptyDraft } from '../../../lib/draft/draft.ts';
import { renameModel } from '../../../lib/api/created-persons.ts';
import * as styles from './my-ai.css.ts';

/** Renames one own character (`PersonModel/rename-model`) with the wizard's name rule. */
export function RenameDialog({
  model,
  onClose,
  onRenamed,
}: {
  model: PersonModel;
  onClose(): void;
  onRenamed(model: PersonModel): void;
}) {
  const transport = useTransport();
  const [name, setName] = useState(model.firstName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const found = validateStep('name', { ...emptyDraft(), name }, { adult: false }).name;
    if (found) {
      setError(found);
      return;
    }
    setBusy(true);
    try {
      onRenamed(await renameModel(transport, model.id, name.trim()));
    } catch (caught) {
      const { status } = apiError(caught);
      setError(
        status === 400 ? 'That name was not accepted.' : 'Could not rename her just now. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={onClose} title={`Rename ${model.firstName}`} dismissable={!busy}>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="New name"
          autoComplete="off"
          autoFocus
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        <div className={styles.formActions}>
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
