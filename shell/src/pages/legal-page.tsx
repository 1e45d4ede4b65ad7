import { useShell } from '../app/shell-context.tsx';
import { NavLink } from '../chrome/nav-link.tsx';
import { LEGAL_PAGES, PATHS } from '@companion/contracts';
import { LegalFooter } from './legal-footer.tsx';
import * as styles from './pages.css.ts';
import { useLegalEntity } from './use-legal-entity.ts';

const titleOf = (slug: string) =>
  slug
    .split('-')
    .map((word) => (word === 'dmca' ? 'DMCA' : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');

/** Legal index and pages under /legal, with the brand's legal entity for the visitor's country. */
export function LegalPage({ pathname }: { pathname: string }) {
  const { brand } = useShell();
  const entity = useLegalEntity();
  const slug = pathname.replace(/^\/legal\/?/, '');
  const known = (LEGAL_PAGES as readonly string[]).includes(slug);
  if (!slug || !known) {
    return (
      <section className={styles.page} data-testid="legal-index">
        <h1 className={styles.title}>Legal</h1>
        <p className={styles.text}>The policies that apply to {brand.name}.</p>
        <ul className={styles.legalGrid}>
          {LEGAL_PAGES.map((page) => (
            <li key={page}>
              <NavLink className={styles.legalCard} href={PATHS.legalPage.href({ page })}>
                {titleOf(page)}
              </NavLink>
            </li>
          ))}
        </ul>
        <LegalFooter entity={entity} email={brand.supportEmail} />
      </section>
    );
  }
  const title = titleOf(slug);
  return (
    <article className={styles.page} data-testid="legal-page">
      <NavLink className={styles.link} href="/legal">
        ← All policies
      </NavLink>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>
        This {title.toLowerCase()} applies to {brand.name}, operated by{' '}
        <strong data-testid="legal-operator">{entity.addressWithCompanyName}</strong>. {entity.position} of{' '}
        {entity.companyName} is responsible for it.
      </p>
      <p className={styles.text}>
        Questions about this policy:{' '}
        <a className={styles.link} href={`mailto:${brand.supportEmail}`}>
          {brand.supportEmail}
        </a>
        .
      </p>
      <LegalFooter entity={entity} email={brand.supportEmail} />
    </article>
  );
}
