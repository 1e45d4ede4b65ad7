import type { StandaloneImage } from '../lib/batch.ts';
import { groupByBatch } from '../lib/batch.ts';
import { PhotoTile } from './photo-tile.tsx';
import * as styles from './results.css.ts';

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Past generations (`Image/standalone-images`), newest first, grouped by batch. */
export function History({
  images,
  sendingId,
  onSend,
}: {
  images: StandaloneImage[] | null;
  sendingId: string | null;
  onSend(image: StandaloneImage): void;
}) {
  return (
    <section className={styles.section} aria-labelledby="history-title" data-testid="history">
      <h2 id="history-title" className={styles.heading}>
        Your photos
      </h2>
      {images === null ? null : images.length === 0 ? (
        <p className={styles.empty}>Photos you generate appear here and stay here.</p>
      ) : (
        groupByBatch(images).map((group) => (
          <div key={group.batchId}>
            <ul
              className={styles.grid}
              aria-label={`Generated ${DATE.format(new Date(group.images[0]!.createdAt))}`}
            >
              {group.images.map((image, index) => (
                <li key={image.id}>
                  <PhotoTile
                    image={image}
                    label={`generated photo ${index + 1}`}
                    sending={sendingId === image.id}
                    onSend={onSend}
                  />
                </li>
              ))}
            </ul>
            <p className={styles.date}>{DATE.format(new Date(group.images[0]!.createdAt))}</p>
          </div>
        ))
      )}
    </section>
  );
}
