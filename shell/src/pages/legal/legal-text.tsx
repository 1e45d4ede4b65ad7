import { legalDocument, type LegalContext } from './legal-documents.ts';
import type { LegalSlug } from './legal-index.ts';
import * as styles from '../pages.css.ts';

/** The numbered sections of one policy; its own chunk, loaded when a policy page opens. */
export default function LegalText({ slug, context }: { slug: LegalSlug; context: LegalContext }) {
  const { sections } = legalDocument(slug, context);
  return (
    <div className={styles.prose} data-testid="legal-text">
      {sections.map((part, index) => {
        const id = `legal-section-${index + 1}`;
        return (
          <section key={part.heading} aria-labelledby={id} data-testid="legal-section">
            <h2 id={id} className={styles.legalHeading}>
              {index + 1}. {part.heading}
            </h2>
            {part.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {part.list && (
              <ul>
                {part.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
