import { useEffect } from 'react';
import { useShell } from '../app/shell-context.tsx';
import { NavLink } from '../chrome/nav-link.tsx';
import * as styles from './pages.css.ts';

/** The not-found screen (spec 000 §2.2); on mount it redirects to the main page, keeping the query string. */
export function NotFoundPage({ home = '/' }: { home?: string }) {
  const { history } = useShell();
  useEffect(() => {
    history.replace({ pathname: home, search: history.location.search, hash: '' });
  }, [history, home]);
  return (
    <section className={styles.centered} data-testid="not-found">
      <div className={styles.code}>404</div>
      <h1 className={styles.title}>Oh, we can’t find that page...</h1>
      <p className={styles.text}>Oops! It looks like the page you're trying to reach doesn't exist.</p>
      <NavLink href={home} className={styles.link}>
        Back to Home
      </NavLink>
    </section>
  );
}
