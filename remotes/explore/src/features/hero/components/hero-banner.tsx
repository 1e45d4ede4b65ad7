import * as styles from './hero-banner.css.ts';

/** The explore hero: what the product is, in one line, without images so it paints with the first byte of CSS. */
export function HeroBanner() {
  return (
    <section className={styles.hero} aria-labelledby="explore-hero-title" data-testid="hero-banner">
      <span className={styles.glowA} aria-hidden="true" />
      <span className={styles.glowB} aria-hidden="true" />
      <p className={styles.eyebrow}>AI companions</p>
      <h2 id="explore-hero-title" className={styles.title}>
        Meet someone who <span className={styles.accent}>gets you</span>
      </h2>
      <p className={styles.text}>
        Chat, flirt and share photos with realistic and anime characters who remember you.
      </p>
    </section>
  );
}
