import { Glyph, Image, LOCK_GLYPH, VisuallyHidden } from '@companion/ui';
import type { PersonModel } from '@companion/contracts';
import { coverImage, lockOf } from '../lib/filter-models.ts';
import * as styles from './model-card.css.ts';

/** A character card: portrait, name and age, anime and premium marks, a lock when it needs unlocking. */
export function ModelCard({
  model,
  priority,
  onClick,
}: {
  model: PersonModel;
  /** `high`: first row, the page's largest paint; `eager`: the second row, just below; `lazy`: the rest. */
  priority: 'high' | 'eager' | 'lazy';
  onClick: (model: PersonModel) => void;
}) {
  const lock = lockOf(model);
  return (
    <button
      type="button"
      className={styles.card}
      data-testid="model-card"
      data-model-id={model.id}
      data-anime={model.isAnime}
      data-premium={model.isPremium}
      data-locked={lock !== null}
      onClick={() => onClick(model)}
    >
      <Image
        src={coverImage(model)}
        alt=""
        // The portraits are 512×768 (2:3); the box is reserved before they arrive.
        aspectRatio={2 / 3}
        className={styles.image}
        loading={priority === 'lazy' ? 'lazy' : 'eager'}
        fetchPriority={priority === 'high' ? 'high' : 'auto'}
        decoding={priority === 'high' ? 'sync' : 'async'}
      />
      <span className={styles.shade} aria-hidden="true" />
      <span className={styles.marks}>
        {model.isPremium ? (
          <>
            <span className={styles.premium}>Premium</span>
            <VisuallyHidden>, </VisuallyHidden>
          </>
        ) : null}
        {model.isAnime ? (
          <>
            <span className={styles.anime}>Anime</span>
            <VisuallyHidden>, </VisuallyHidden>
          </>
        ) : null}
      </span>
      {lock ? (
        <span className={styles.lock} aria-hidden="true">
          <Glyph glyph={LOCK_GLYPH} size={16} strokeWidth={2} />
        </span>
      ) : null}
      {/* The name comes from what the card shows (WCAG 2.5.3): "Premium, Anime, Sofia, 24, locked". */}
      <span className={styles.foot}>
        <span className={styles.name}>{model.firstName}</span>
        <VisuallyHidden>, </VisuallyHidden>
        <span className={styles.age}>{model.age}</span>
        {lock ? <VisuallyHidden>, locked</VisuallyHidden> : null}
      </span>
    </button>
  );
}
