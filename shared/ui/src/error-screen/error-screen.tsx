import { useId } from 'react';
import { Button } from '../button/button.tsx';
import { cx } from '../cx.ts';
import { ErrorIllustration } from './error-illustration.tsx';
import * as styles from './error-screen.css.ts';

/** Copy of the generic error screen, exactly as spec 000 §2.5 words it. */
const ERROR_SCREEN_COPY = {
  title: 'Something went wrong',
  text: 'We’re sorry, but something went wrong on our site. We’re already working to fix it. Please try refreshing the page or go back to the homepage.',
  action: 'Back to Home',
  href: '/',
} as const;

/** Props of {@link ErrorScreen}. */
export interface ErrorScreenProps {
  /** Render an empty area instead (spec: when a lazily loaded module fails to load, the content is hidden). */
  hideContent?: boolean;
  className?: string;
}

/** The generic error screen for render errors and route error boundaries. */
export function ErrorScreen({ hideContent = false, className }: ErrorScreenProps) {
  const titleId = useId();
  if (hideContent)
    return <section className={cx(styles.root, className)} data-content-hidden="" aria-hidden="true" />;
  return (
    <section className={cx(styles.root, className)} aria-labelledby={titleId}>
      <ErrorIllustration className={styles.illustration} />
      <h1 id={titleId} className={styles.title}>
        {ERROR_SCREEN_COPY.title}
      </h1>
      <p className={styles.text}>{ERROR_SCREEN_COPY.text}</p>
      {/* A full page load on purpose: it also recovers from whatever broke the current bundle. */}
      <Button href={ERROR_SCREEN_COPY.href} size="lg" className={styles.action}>
        {ERROR_SCREEN_COPY.action}
      </Button>
    </section>
  );
}
