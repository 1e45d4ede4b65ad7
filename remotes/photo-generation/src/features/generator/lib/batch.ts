import type { BatchAnswer, StandaloneImage } from '@companion/contracts';

export type { BatchAnswer, StandaloneImage };

/** One slot of the batch being shown: waiting, an image, or refunded. */
export type Slot =
  | { kind: 'pending'; key: string }
  | { kind: 'image'; key: string; image: StandaloneImage }
  | { kind: 'refunded'; key: string; tokens: number };

/**
 * The slots of a batch, one per requested image: delivered images first, then what was refunded (each refunded
 * slot carries its share of the refund), or waiting slots while the batch is pending.
 */
export function slotsOf(batch: BatchAnswer | null, requested: number, unitPrice: number): Slot[] {
  const total = batch?.requested ?? requested;
  const slots: Slot[] = [];
  for (const image of batch?.images ?? []) slots.push({ kind: 'image', key: image.id, image });
  const missing = total - slots.length;
  const done = batch !== null && batch.status !== 'pending';
  const share = missing > 0 && batch ? Math.round(batch.refundedTokens / missing) : unitPrice;
  for (let index = 0; index < missing; index += 1)
    slots.push(
      done ? { kind: 'refunded', key: `r${index}`, tokens: share } : { kind: 'pending', key: `p${index}` },
    );
  return slots;
}

/** The sentence under a finished batch: what was refunded, said plainly. */
export function refundMessage(batch: BatchAnswer | null): string | null {
  if (!batch || batch.status === 'pending' || batch.refundedTokens <= 0) return null;
  const failed = batch.requested - batch.images.length;
  const photos = failed === 1 ? '1 photo' : `${failed} photos`;
  return batch.images.length === 0
    ? `The generator failed. ${batch.refundedTokens} tokens were refunded to your balance.`
    : `${photos} could not be made. ${batch.refundedTokens} tokens were refunded to your balance.`;
}

/** History groups: one per batch, newest first (the API lists images newest first). */
export function groupByBatch(
  images: readonly StandaloneImage[],
): { batchId: string; images: StandaloneImage[] }[] {
  const groups = new Map<string, StandaloneImage[]>();
  for (const image of images) {
    const key = image.batchId ?? image.id;
    const group = groups.get(key);
    if (group) group.push(image);
    else groups.set(key, [image]);
  }
  return [...groups].map(([batchId, list]) => ({ batchId, images: list }));
}
