import type { GalleryImage } from '@companion/contracts';
import { cx, Icon, Image, VisuallyHidden } from '@companion/ui';
import * as styles from './gallery-card.css.ts';

/** One gallery image: open ones show the photo, locked ones a blurred preview and their unlock price. */
export function GalleryCard({
  image,
  name,
  onClick,
}: {
  image: GalleryImage;
  name: string | null;
  onClick(image: GalleryImage): void;
}) {
  const who = name ?? 'her';
  const label = image.isUnlocked
    ? `Open photo of ${who}`
    : `Unlock photo of ${who} for ${image.price} tokens`;
  return (
    <button
      type="button"
      className={styles.card}
      data-testid="gallery-card"
      data-locked={image.isUnlocked ? 'false' : 'true'}
      data-id={image.galleryImageId}
      onClick={() => onClick(image)}
    >
      {/* The name is this text, not an aria-label over different visible words (WCAG 2.5.3). */}
      <VisuallyHidden>{label}</VisuallyHidden>
      <Image src={image.imageUrl} alt="" className={cx(styles.image, !image.isUnlocked && styles.locked)} />
      <span className={styles.shade} aria-hidden="true" />
      {image.isSecretContent ? (
        <span className={cx(styles.mark, styles.secretMark)} aria-hidden="true">
          Secret
        </span>
      ) : null}
      {image.isUnlocked ? null : (
        <span className={styles.center} aria-hidden="true">
          <span className={styles.lockDisc}>
            <Icon name="lock" size={22} />
          </span>
          <span className={styles.unlockPill}>
            Unlock <Icon name="tokens" size={16} /> {image.price}
          </span>
        </span>
      )}
      <span className={styles.foot} aria-hidden="true">
        <span className={styles.name}>{name ?? ''}</span>
      </span>
    </button>
  );
}
