import { useId, useState, type FormEvent } from 'react';
import { Button, Modal, Icon, TextField } from '@companion/ui';
import { apiError } from '@companion/remote-kit';
import * as styles from './modal-body.css.ts';
import { useVisitor } from './use-visitor.ts';

/** The auth modal's modes (000 §4): a plain login, or after a magic link expired or failed. */
export type AuthMode = 'login' | 'expired';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The sign-in modal (000 §4 "Login"): an email for a magic link (`session.requestMagicLink`), landing on
 * settings when asked from there, else on the main page. Expired mode says the previous link did not work.
 */
export function AuthModal({
  mode,
  destination,
  onClose,
}: {
  mode: AuthMode | null;
  destination: 'settings' | 'main';
  onClose: () => void;
}) {
  const { api } = useVisitor();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  const close = () => {
    setSentTo(null);
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL.test(value)) {
      setError('Enter a valid email address.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.requestMagicLink(value, destination);
      setSentTo(value);
    } catch (failure) {
      setError(apiError(failure).message ?? 'We could not send the sign-in email. Try again in a minute.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={mode !== null}
      onClose={close}
      title={sentTo ? 'Check your inbox' : 'Log in or sign up'}
      // A default modal (000 §2.5): only the daily bonus is 440 px.
      size="md"
    >
      <div className={styles.modalBody} data-testid="auth-modal" data-mode={mode ?? undefined}>
        <span className={styles.heroIcon} aria-hidden="true">
          <Icon name="mail" size={32} />
        </span>
        {sentTo ? (
          <>
            <p className={styles.modalLead} data-testid="auth-sent">
              We sent a sign-in link to <strong>{sentTo}</strong>. Open it on this device to continue.
            </p>
            <Button variant="secondary" onClick={() => setSentTo(null)}>
              Use a different email
            </Button>
          </>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate className={styles.modalBody}>
            {mode === 'expired' && (
              <p className={styles.notice} role="status" data-testid="auth-expired">
                Your sign-in link has expired or was already used. Enter your email and we will send a new
                one.
              </p>
            )}
            <p className={styles.modalLead}>
              Save your chats and characters across devices. No password: we email you a one-time link.
            </p>
            <TextField
              id={inputId}
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={email}
              error={error}
              onChange={(event) => setEmail(event.target.value)}
            />
            <Button type="submit" size="lg" fullWidth loading={busy}>
              Continue with email
            </Button>
            {api.googleClientId && (
              <Button variant="secondary" size="lg" fullWidth href="/api/Authenticate/start/web">
                Continue with Google
              </Button>
            )}
            <p className={styles.smallPrint}>
              By continuing you agree to the Terms of Service and Privacy Policy and confirm you are 18 or
              older.
            </p>
          </form>
        )}
      </div>
    </Modal>
  );
}
