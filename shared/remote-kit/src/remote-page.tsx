import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import * as styles from './remote-page.css.ts';

/**
 * A remote page's root: its heading and content, marked `data-testid="remote-page"` so the e2e suites and
 * `pnpm bench` can tell when a remote has rendered its first page.
 */
export function RemotePage({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  const location = useLocation();
  return (
    <section className={styles.page} data-testid="remote-page" data-page={location.pathname}>
      <h1 className={styles.title}>{title}</h1>
      {description && <p className={styles.description}>{description}</p>}
      {children}
    </section>
  );
}
