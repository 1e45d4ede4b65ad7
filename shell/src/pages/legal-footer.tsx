import type { LegalEntity } from '../brand/legal-entities.ts';
import * as styles from './pages.css.ts';

/** The legal footer (000 §2.5): the entity behind the brand in the visitor's jurisdiction. */
export function LegalFooter({ entity, email }: { entity: LegalEntity; email: string }) {
  return (
    <footer className={styles.legalFooter} data-testid="legal-footer">
      <div className={styles.legalCompany} data-testid="legal-company">
        {entity.companyName}
      </div>
      <address className={styles.legalAddress} data-testid="legal-address">
        {entity.address}
      </address>
      <div className={styles.legalMeta}>
        <span>
          Contact: <a href={`mailto:${email}`}>{email}</a>
        </span>
        {entity.phone && (
          <span>
            Phone: <a href={`tel:${entity.phone.replace(/\s/g, '')}`}>{entity.phone}</a>
          </span>
        )}
      </div>
    </footer>
  );
}
