import * as styles from './pages.css.ts';

/** Settings (NSFW-gated; the gate and the account controls arrive with the shell issue). */
export function SettingsPage() {
  return (
    <section className={styles.page} data-testid="settings">
      <h1 className={styles.title}>Settings</h1>
      <p className={styles.text}>Manage your account, content preferences and subscription.</p>
    </section>
  );
}

/** The contact form page. */
export function ContactUsPage() {
  return (
    <section className={styles.page} data-testid="contact-us">
      <h1 className={styles.title}>Contact Us</h1>
      <p className={styles.text}>Questions, feedback or billing issues: we answer within one business day.</p>
    </section>
  );
}
