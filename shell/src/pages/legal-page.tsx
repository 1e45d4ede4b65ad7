import { NavLink } from '../chrome/nav-link.tsx';
import { LEGAL_PAGES } from '../routing/route-table.ts';
import { useShell } from '../app/shell-context.tsx';
import * as styles from './pages.css.ts';

const titleOf = (slug: string) =>
  slug
    .split('-')
    .map((word) => (word === 'dmca' ? 'DMCA' : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');

/** Legal index and pages under /legal; per-brand, per-country entity data arrives with the shell issue. */
export function LegalPage({ pathname }: { pathname: string }) {
  const { brand } = useShell();
  const slug = pathname.replace(/^\/legal\/?/, '');
  if (!slug) {
    return (
      <section className={styles.page} data-testid="legal-index">
        <h1 className={styles.title}>Legal</h1>
        <ul className={styles.list}>
          {LEGAL_PAGES.map((page) => (
            <li key={page}>
              <NavLink className={styles.link} href={`/legal/${page}`}>
                {titleOf(page)}
              </NavLink>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section className={styles.page} data-testid="legal-page">
      <h1 className={styles.title}>{titleOf(slug)}</h1>
      <p className={styles.text}>
        This {titleOf(slug).toLowerCase()} applies to {brand.name}. Questions: {brand.supportEmail}.
      </p>
    </section>
  );
}
