import { Spinner, TokenCost } from '@companion/ui';
import { refundMessage, slotsOf, type StandaloneImage } from '../lib/batch.ts';
import type { RunState } from '../hooks/use-generator.ts';
import { PhotoTile } from './photo-tile.tsx';
import * as styles from './results.css.ts';

/** The batch being made: one slot per photo, waiting, done or refunded, and what was refunded. */
export function CurrentBatch({
  run,
  unitPrice,
  sendingId,
  onSend,
}: {
  run: RunState;
  unitPrice: number;
  sendingId: string | null;
  onSend(image: StandaloneImage): void;
}) {
  const slots = slotsOf(run.answer ?? run.progress ?? null, run.requested, unitPrice);
  const ready = slots.filter((slot) => slot.kind === 'image').length;
  const refund = refundMessage(run.answer);
  const total = slots.length;
  return (
    <section
      className={styles.section}
      aria-labelledby="current-batch-title"
      data-testid="current-batch"
      data-status={run.answer?.status ?? 'pending'}
      data-batch={run.batchId}
    >
      <h2 id="current-batch-title" className={styles.heading}>
        {run.answer ? 'Your new photos' : 'Generating…'}
      </h2>
      {run.answer ? null : (
        <p className={styles.progress} role="status" data-testid="batch-progress">
          {ready} of {total} ready
        </p>
      )}
      <ul className={styles.grid}>
        {slots.map((slot, index) => (
          <li key={slot.key}>
            {slot.kind === 'image' ? (
              <PhotoTile
                image={slot.image}
                label={`photo ${index + 1}`}
                sending={sendingId === slot.image.id}
                onSend={onSend}
              />
            ) : slot.kind === 'pending' ? (
              <div
                className={`${styles.slot} ${styles.pending}`}
                data-testid="pending-photo"
                aria-busy="true"
              >
                <Spinner />
                <span>
                  Photo {index + 1} of {total}
                </span>
              </div>
            ) : (
              <div className={`${styles.slot} ${styles.refunded}`} data-testid="refunded-photo">
                <span>Could not be made</span>
                <span>
                  Refunded <TokenCost amount={slot.tokens} />
                </span>
              </div>
            )}
          </li>
        ))}
      </ul>
      {refund ? (
        <p className={styles.notice} role="status" data-testid="refund-notice">
          {refund}
        </p>
      ) : null}
    </section>
  );
}
