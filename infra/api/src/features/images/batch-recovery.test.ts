import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachBackend, useTestApp } from '../../../test/backend-suites.ts';
import { specsForBatch } from '../../engines/image/embedded-image-engine.ts';
import { insertImages } from '../../engines/image/image-store.ts';
import { CATALOGUE_PRICES } from '../../seed/prices.ts';
import { balanceOf, createFixtureUser, requestsAs } from '../../seed/test-fixtures.ts';
import { credit, getBalance, spend } from '../tokens/ledger.ts';
import { recoverInterruptedBatches } from './batch-recovery.ts';
import { imagesFeature } from './index.ts';

const PRICE = CATALOGUE_PRICES.image;
const ledger = { spend, credit, getBalance };

describeEachBackend('photo batch sweeper on $backend', 'recoverInterruptedBatches', (backend) => {
  const t = useTestApp(backend, { features: [imagesFeature()] });

  // What a crash leaves: the batch paid and recorded as pending, `stored` of its photos in the database.
  async function crashedBatch(userId: string, requested: number, stored: number, ageMs: number) {
    const batchId = crypto.randomUUID();
    await t.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO image_batches (id, user_id, requested, price, status, created_at)
           VALUES ($1, $2, $3, $4, 'pending', now() - ($5::int * interval '1 millisecond'))`,
        [batchId, userId, requested, requested * PRICE, ageMs],
      );
      await spend(tx, { userId, amount: requested * PRICE, reason: 'generate_images', refId: batchId });
      await insertImages(
        tx,
        specsForBatch({ seed: batchId, count: requested, style: 'anime' })
          .slice(0, stored)
          .map((spec) => ({
            id: crypto.randomUUID(),
            ownerUserId: userId,
            spec,
            contentType: 'image/svg+xml',
            body: null,
            batchId,
            isStandalone: true,
          })),
      );
    });
    return batchId;
  }
  const batch = async (id: string) =>
    (
      await t.db.query<{ status: string; refunded: number }>(
        'SELECT status, refunded FROM image_batches WHERE id = $1',
        [id],
      )
    )[0];

  it('should refund exactly the photos a crashed batch never stored, once, however often it runs', async () => {
    const user = await createFixtureUser(t.db, t.config.jwtSecret!, { tokens: 100 });
    const partial = await crashedBatch(user.id, 4, 1, 60_000);
    const empty = await crashedBatch(user.id, 2, 0, 60_000);
    const young = await crashedBatch(user.id, 3, 0, 0);
    expect(await balanceOf(t.db, user.id)).toBe(100 - 9 * PRICE);
    const cutoff = new Date(Date.now() - 30_000);
    const runs = await Promise.all([
      recoverInterruptedBatches(t.db, ledger, cutoff),
      recoverInterruptedBatches(t.db, ledger, cutoff),
    ]);
    expect(runs[0] + runs[1]).toBeGreaterThanOrEqual(2);
    expect(await recoverInterruptedBatches(t.db, ledger, cutoff)).toBe(0);
    expect(await batch(partial)).toEqual({ status: 'done', refunded: 3 * PRICE });
    expect(await batch(empty)).toEqual({ status: 'failed', refunded: 2 * PRICE });
    // A batch younger than the cutoff may still be generating on a live instance: untouched.
    expect(await batch(young)).toEqual({ status: 'pending', refunded: 0 });
    expect(await balanceOf(t.db, user.id)).toBe(100 - 9 * PRICE + 5 * PRICE);
    const refunds = await t.db.query<{ ref_id: string; delta: number }>(
      `SELECT ref_id, delta FROM token_ledger WHERE user_id = $1 AND reason = 'refund_generate_images' ORDER BY delta`,
      [user.id],
    );
    expect(refunds).toEqual([
      { ref_id: empty, delta: 2 * PRICE },
      { ref_id: partial, delta: 3 * PRICE },
    ]);
  });

  it('should leave a batch its request already settled alone', async () => {
    const user = await createFixtureUser(t.db, t.config.jwtSecret!, { tokens: 50 });
    const res = await requestsAs(t).post('/api/Image/generate-batch-images', user, {
      style: 'realistic',
      count: 2,
    });
    expect(res.statusCode).toBe(201);
    await recoverInterruptedBatches(t.db, ledger, new Date(Date.now() + 60_000));
    expect(await batch(res.json().batchId)).toEqual({ status: 'done', refunded: 0 });
    expect(await balanceOf(t.db, user.id)).toBe(50 - 2 * PRICE);
  });
});
