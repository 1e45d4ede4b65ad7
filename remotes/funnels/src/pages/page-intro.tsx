import { useLocation } from 'react-router';
import * as styles from './page-intro.css.ts';

/** A page heading; the remote's real features replace the body in later issues. */
export function PageIntro({ title, description }: { title: string; description: string }) {
  const location = useLocation();
  return (
    <section className={styles.page} data-testid="remote-page" data-page={location.pathname}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.description}>{description}</p>
    </section>
  );
}
