import { useShell } from '../app/shell-context.tsx';
import * as styles from './pages.css.ts';
import { useLegalEntity } from './use-legal-entity.ts';

/**
 * The maintenance page (000 §2.5): the spec's headline, a contact e-mail and, when the brand's entity has one,
 * a phone number. Rendered by the shell so it works with every remote down.
 */
export function MaintenancePage() {
  const { brand } = useShell();
  const { phone } = useLegalEntity();
  return (
    <section className={styles.centered} data-testid="maintenance">
      <div className={styles.maintenanceArt} aria-hidden="true">
        <svg
          width="56"
          height="56"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.6 2.6-2.4-.6-.6-2.4z" />
        </svg>
      </div>
      <h1 className={styles.title}>Whoops! We're working on something exciting!</h1>
      <p className={styles.text}>
        We'll be back shortly. Need help in the meantime? Write to{' '}
        <a
          className={styles.inlineLink}
          href={`mailto:${brand.supportEmail}`}
          data-testid="maintenance-email"
        >
          {brand.supportEmail}
        </a>
        {phone && (
          <>
            {' '}
            or call{' '}
            <a
              className={styles.inlineLink}
              href={`tel:${phone.replace(/\s/g, '')}`}
              data-testid="maintenance-phone"
            >
              {phone}
            </a>
          </>
        )}
        .
      </p>
    </section>
  );
}
