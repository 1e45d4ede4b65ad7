import type { ReactNode } from 'react';
import { useRemoteLocation } from '@companion/remote-kit';
import * as styles from './page.css.ts';

/** A checkout page's root, marked `data-testid="remote-page"` for the e2e suites and `pnpm bench`. */
export function CheckoutPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const { pathname } = useRemoteLocation();
  return (
    <section className={styles.page} data-testid="remote-page" data-page={pathname}>
      <h1 className={styles.title}>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </section>
  );
}
