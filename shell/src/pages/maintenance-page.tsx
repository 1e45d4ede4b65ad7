import { useShell } from '../app/shell-context.tsx';
import * as styles from './pages.css.ts';

/** The maintenance page (spec 000 §2.5): rendered by the shell so it works with every remote down. */
export function MaintenancePage() {
  const { brand } = useShell();
  return (
    <section className={styles.centered} data-testid="maintenance">
      <h1 className={styles.title}>Whoops! We're working on something exciting!</h1>
      <p className={styles.text}>
        Contact us at{' '}
        <a className={styles.link} href={`mailto:${brand.supportEmail}`}>
          {brand.supportEmail}
        </a>
      </p>
    </section>
  );
}
