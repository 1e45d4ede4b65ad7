import { useEffect, useRef, useState } from 'react';
import type { GalleryImage } from '@companion/contracts';
import { Button, Skeleton } from '@companion/ui';
import { PAGE_SIZE } from '../lib/gallery-cache.ts';
import { GalleryCard } from './gallery-card.tsx';
import * as styles from './gallery-grid.css.ts';

/** The spec's 12 skeleton cards (000 §9) while the list loads. */
export function GallerySkeleton() {
  return (
    <ul className={styles.grid} aria-busy="true" aria-label="Loading photos" data-testid="gallery-skeleton">
      {Array.from({ length: PAGE_SIZE }, (_, index) => (
        <li key={index}>
          <Skeleton shape="card" className={styles.skeleton} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The gallery grid, one page of {@link PAGE_SIZE} at a time: the next page appears when the end of the grid
 * scrolls into view (infinite scroll), and a "Show more" button does the same for keyboards and old browsers.
 */
export function GalleryGrid({
  images,
  names,
  onOpen,
}: {
  images: GalleryImage[];
  names: ReadonlyMap<string, string>;
  onOpen(image: GalleryImage): void;
}) {
  const [shown, setShown] = useState(PAGE_SIZE);
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = shown < images.length;

  useEffect(() => {
    const node = sentinel.current;
    if (!hasMore || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown((count) => count + PAGE_SIZE);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, shown]);

  if (images.length === 0) {
    return (
      <div className={styles.empty} data-testid="gallery-empty">
        <p className={styles.emptyTitle}>No photos here yet</p>
        <p className={styles.emptyText}>New photos of your favourite characters arrive every week.</p>
      </div>
    );
  }
  return (
    <>
      <ul className={styles.grid} data-testid="gallery-grid">
        {images.slice(0, shown).map((image) => (
          <li key={image.galleryImageId}>
            <GalleryCard
              image={image}
              name={image.personModelId ? (names.get(image.personModelId) ?? null) : null}
              onClick={onOpen}
            />
          </li>
        ))}
      </ul>
      {hasMore ? (
        <div ref={sentinel} className={styles.more}>
          <Button variant="secondary" onClick={() => setShown((count) => count + PAGE_SIZE)}>
            Show more
          </Button>
        </div>
      ) : null}
    </>
  );
}
