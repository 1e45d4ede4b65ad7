import { useState, type FormEvent } from 'react';
import { Button, ConfirmDialog, TextField } from '@companion/ui';
import { apiError } from '@companion/remote-kit';
import { useShell } from '../app/shell-context.tsx';
import * as form from '../chrome/form-error.css.ts';
import { useVisitor } from '../chrome/use-visitor.ts';
import * as styles from './pages.css.ts';

/** The user's name (`POST User/update/name`, 000 §3 change-name payload); the API names the field at fault. */
export function NameForm() {
  const { api, user } = useVisitor();
  const [name, setName] = useState(user?.userName ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await api.renameUser(name);
      setSaved(true);
    } catch (failure) {
      // The API names the field; the visitor reads the rule in words (1–50 characters, 000 §3 change-name payload).
      const error = apiError(failure);
      setError(
        error.field === 'userName'
          ? 'Enter a name of 1 to 50 characters.'
          : (error.message ?? 'We could not save your name. Please try again.'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.inlineForm} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="Your name"
        autoComplete="nickname"
        maxLength={50}
        value={name}
        invalid={error !== null}
        onChange={(event) => {
          setName(event.target.value);
          setSaved(false);
        }}
      />
      <Button size="sm" type="submit" variant="secondary" loading={busy}>
        Save name
      </Button>
      {error && (
        <p className={form.formError} role="alert">
          {error}
        </p>
      )}
      {saved && (
        <p className={styles.text} role="status">
          Saved. Your companions will call you {user?.userName}.
        </p>
      )}
    </form>
  );
}

/** The content preference (000 §1, §4, §6): adult content is on here; switching to SFW records the SFW choice. */
export function ContentCard() {
  const { api, user } = useVisitor();
  const { brand } = useShell();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const on = Boolean(user?.nEnabled);
  return (
    <div className={styles.card} data-testid="content-card">
      <h2 className={styles.cardTitle}>Content</h2>
      <p className={styles.text}>
        {on
          ? 'Adult (18+) content is on: you confirmed your age.'
          : `Adult (18+) content is on for visitors who come to ${brand.name} from our partners.`}
      </p>
      <Button size="sm" variant="secondary" onClick={() => setAsking(true)}>
        Switch to safe for work
      </Button>
      <ConfirmDialog
        open={asking}
        title="Switch to safe for work?"
        confirmLabel="Switch to SFW"
        busy={busy}
        error={error}
        testId="sfw-dialog"
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setBusy(true);
          setError(null);
          api
            .confirmContent('sfw')
            .then(() => setAsking(false))
            .catch((failure: unknown) =>
              setError(apiError(failure).message ?? 'We could not save your choice. Please try again.'),
            )
            .finally(() => setBusy(false));
        }}
      >
        Adult content is hidden everywhere. Settings and the token shop are part of the adult side, so you go
        back to the main page; confirm your age again to return.
      </ConfirmDialog>
    </div>
  );
}

/**
 * Deleting the account (`DELETE User`, 000 §7) after a confirmation; the session then meets the soft-deleted
 * flow (000 §4): a new guest on the main page.
 */
export function DeleteAccountCard() {
  const { api } = useVisitor();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={styles.card} data-testid="delete-account">
      <h2 className={styles.cardTitle}>Delete account</h2>
      <p className={styles.text}>
        Deletes your chats, your characters and what they remember, and your saved cards. This cannot be
        undone.
      </p>
      <Button size="sm" variant="danger" onClick={() => setAsking(true)}>
        Delete account
      </Button>
      <ConfirmDialog
        open={asking}
        title="Delete your account?"
        tone="danger"
        confirmLabel="Delete for good"
        busy={busy}
        dismissable={!busy}
        error={error}
        testId="delete-account-dialog"
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setBusy(true);
          setError(null);
          api.deleteAccount().catch((failure: unknown) => {
            setBusy(false);
            setError(apiError(failure).message ?? 'We could not delete your account. Please try again.');
          });
        }}
      >
        Your chats, characters, their memories and your saved cards are deleted for good, and an active
        subscription stops renewing. We keep only the payment records the law requires.
      </ConfirmDialog>
    </div>
  );
}
