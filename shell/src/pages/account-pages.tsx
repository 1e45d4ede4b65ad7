import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, TextField } from '@companion/ui';
import { apiError } from '@companion/remote-kit';
import { useShell } from '../app/shell-context.tsx';
import { brandOf } from '../brand/brand.ts';
import * as form from '../chrome/form-error.css.ts';
import { NavLink } from '../chrome/nav-link.tsx';
import { useVisitor } from '../chrome/use-visitor.ts';
import * as styles from './pages.css.ts';
import { ContentCard, DeleteAccountCard, NameForm } from './account-actions.tsx';

/**
 * Settings (NSFW-gated by the app): the account, appearance and where to get help. `subscriptionPanel` is what a
 * subscriber sees in the Subscription card: checkout's subscription-management parcel.
 */
export function SettingsPage({ subscriptionPanel }: { subscriptionPanel: ReactNode }) {
  const { bus, brand, theme, setTheme } = useShell();
  const { user, loggedIn, subscribed } = useVisitor();
  return (
    <section className={styles.page} data-testid="settings">
      <h1 className={styles.title}>Settings</h1>
      <div className={styles.cards}>
        <div className={styles.card}>
          <h2 className={styles.cardTitle}>Account</h2>
          {loggedIn ? (
            <>
              <p className={styles.text}>
                Signed in as <strong>{user?.email}</strong>.
              </p>
              <NameForm />
            </>
          ) : (
            <>
              <p className={styles.text}>
                You are using a guest account. Log in to keep your chats on every device.
              </p>
              <Button
                size="sm"
                onClick={() => bus.publish('auth:login-requested', { mode: 'login', source: 'settings' })}
              >
                Login
              </Button>
            </>
          )}
        </div>
        <div className={styles.card}>
          <h2 className={styles.cardTitle}>Subscription</h2>
          {subscribed ? (
            // Checkout owns subscription management (the app passes its parcel in).
            subscriptionPanel
          ) : (
            <p className={styles.text}>You are on the free plan.</p>
          )}
          {!subscribed && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                bus.publish('paywall:open-requested', { paywallType: 'subscription', source: 'settings' })
              }
            >
              See Premium
            </Button>
          )}
        </div>
        {brandOf(brand).themeSwitch && (
          <div className={styles.card}>
            <h2 className={styles.cardTitle}>Appearance</h2>
            <p className={styles.text}>{theme === 'dark' ? 'Dark' : 'Light'} theme</p>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            >
              Use {theme === 'dark' ? 'light' : 'dark'} theme
            </Button>
          </div>
        )}
        <ContentCard />
        <div className={styles.card}>
          <h2 className={styles.cardTitle}>Help</h2>
          <p className={styles.text}>
            <NavLink className={styles.link} href="/contact-us">
              Contact Us
            </NavLink>{' '}
            ·{' '}
            <NavLink className={styles.link} href="/legal">
              Legal
            </NavLink>
          </p>
        </div>
        <DeleteAccountCard />
      </div>
    </section>
  );
}

/** The contact form (`POST contact-us`); the API names the field at fault, shown beside it. */
export function ContactUsPage() {
  const { transport } = useShell();
  const { user } = useVisitor();
  const [email, setEmail] = useState(user?.email ?? '');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await transport.request('contact-us', { method: 'POST', body: { email: email.trim(), message } });
      setSent(true);
    } catch (failure) {
      const { message: text, field } = apiError(failure);
      setError({
        message: text ?? 'We could not send your message. Please try again.',
        field: field ?? undefined,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.page} data-testid="contact-us">
      <h1 className={styles.title}>Contact Us</h1>
      <p className={styles.text}>Questions, feedback or billing issues: we answer within one business day.</p>
      {sent ? (
        <p className={styles.formCard} role="status" data-testid="contact-sent">
          Thank you! Your message is on its way; we will reply to {email.trim()}.
        </p>
      ) : (
        <form className={styles.formCard} onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            invalid={error?.field === 'email'}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            multiline
            label="Message"
            rows={6}
            value={message}
            invalid={error?.field === 'message'}
            onChange={(event) => setMessage(event.target.value)}
          />
          {error && (
            <p className={form.formError} role="alert">
              {error.message}
            </p>
          )}
          <Button type="submit" loading={busy}>
            Send message
          </Button>
        </form>
      )}
    </section>
  );
}
