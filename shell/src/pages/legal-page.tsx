import { Suspense, lazy, useEffect } from 'react';
import { Spinner } from '@companion/ui';
import { useShell } from '../app/shell-context.tsx';
import { legalCountryOf } from '../brand/legal-entities.ts';
import { NavLink } from '../chrome/nav-link.tsx';
import { FIRST_SCREEN_ELEMENT_ID, LEGAL_PAGES, PATHS } from '@companion/contracts';
import { LEGAL_EFFECTIVE_DATE, LEGAL_INDEX, formatLegalDate, type LegalSlug } from './legal/legal-index.ts';
import { LegalFooter } from './legal-footer.tsx';
import * as styles from './pages.css.ts';
import { useLegalCountry, useLegalEntity } from './use-legal-entity.ts';

// The texts are ~40 KB: they load with the first policy page, not with every visit.
const LegalText = lazy(() => import('./legal/legal-text.tsx'));

function Effective() {
  return (
    <p className={styles.legalMetaLine} data-testid="legal-effective">
      Effective and last updated:{' '}
      <time dateTime={LEGAL_EFFECTIVE_DATE}>{formatLegalDate(LEGAL_EFFECTIVE_DATE)}</time>
    </p>
  );
}

/**
 * The page is complete: the server's first screen of it (ADR 0453), which the theme hid once nothing in the page was
 * loading any more, leaves the document, so a later spinner elsewhere cannot bring it back.
 */
function FirstScreenDone() {
  useEffect(() => document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.remove(), []);
  return null;
}

/** Legal index and pages under /legal, with the brand's legal entity for the visitor's country. */
export function LegalPage({ pathname }: { pathname: string }) {
  const { brand } = useShell();
  const entity = useLegalEntity();
  const country = legalCountryOf(useLegalCountry());
  const slug = pathname.replace(/^\/legal\/?/, '');
  const known = (LEGAL_PAGES as readonly string[]).includes(slug);
  if (!slug || !known) {
    return (
      <section className={styles.page} data-testid="legal-index">
        <h1 className={styles.title}>Legal</h1>
        <p className={styles.text}>
          The policies that apply to {brand.name}, operated by{' '}
          <strong data-testid="legal-operator">{entity.addressWithCompanyName}</strong>.
        </p>
        <Effective />
        <ul className={styles.legalGrid}>
          {LEGAL_PAGES.map((page) => (
            <li key={page}>
              <NavLink className={styles.legalCard} href={PATHS.legalPage.href({ page })}>
                <span className={styles.legalCardTitle}>{LEGAL_INDEX[page].title}</span>
                <span className={styles.legalCardSummary}>{LEGAL_INDEX[page].summary}</span>
              </NavLink>
            </li>
          ))}
        </ul>
        <LegalFooter entity={entity} email={brand.supportEmail} />
        <FirstScreenDone />
      </section>
    );
  }
  const { title, summary } = LEGAL_INDEX[slug as LegalSlug];
  return (
    <article className={styles.page} data-testid="legal-page">
      <NavLink className={styles.link} href="/legal">
        ← All policies
      </NavLink>
      <h1 className={styles.title}>{title}</h1>
      <Effective />
      <p className={styles.text}>
        {summary} This {title.toLowerCase()} applies to {brand.name}, operated by{' '}
        <strong data-testid="legal-operator">{entity.addressWithCompanyName}</strong>.
      </p>
      <Suspense fallback={<Spinner label="Loading" />}>
        <LegalText
          slug={slug as LegalSlug}
          context={{ brand: brand.name, entity, country, email: brand.supportEmail }}
        />
        <FirstScreenDone />
      </Suspense>
      <LegalFooter entity={entity} email={brand.supportEmail} />
    </article>
  );
}
