// A paid batch of photos: the price taken up front with the batch row, each photo stored as it is ready, and what
// never arrived refunded once (ADR 0181, 0228, 0229).
import crypto from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { ImageEngineError } from '../../engines/image/remote-image-engine.ts';
import type { BatchRequest, GeneratedImage, ImageEngine } from '../../engines/image/image-engine.ts';
import { insertImages } from '../../engines/image/image-store.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Ledger } from '../../http/feature.ts';
import { CATALOGUE_PRICES } from '../../seed/prices.ts';
import { batchAnswer, loadBatch } from './batch-answers.ts';
import type { BatchAnswer } from './batch-answers.ts';
import { finishBatch } from './batch-recovery.ts';
import type { EngineFixtures } from './engine-fixtures.ts';
import { personaLooks } from './routes/schemas.ts';
import type { BatchBody } from './routes/schemas.ts';

/** What {@link createBatchRunner} works with: the feature's database, ledger, engine and test fixtures. */
export interface BatchRunnerDeps {
  db: Database;
  ledger: Ledger;
  engine: ImageEngine;
  fixtures: EngineFixtures | null;
}

/** Builds `runBatch` (below) over the feature's database, ledger, engine and test fixtures. */
export function createBatchRunner({ db, ledger, engine, fixtures }: BatchRunnerDeps) {
  /**
   * Pays for and generates a batch (idempotent by `batchId`: a second call pays nothing and answers the stored
   * batch); what the engine did not deliver is refunded at once. Throws 502 when the engine failed.
   */
  async function runBatch(
    userId: string,
    body: BatchBody,
  ): Promise<{ status: 200 | 201; answer: BatchAnswer; remainingTokens: number; spentTokens: number }> {
    let looks: Omit<BatchRequest, 'seed' | 'count'> | null = null;
    if (body.personModelId) {
      const rows = await db.query<{ owner_user_id: string | null; persona: unknown }>(
        'SELECT owner_user_id, persona FROM person_models WHERE id = $1',
        [body.personModelId],
      );
      const row = rows[0];
      if (!row) throw notFound('No character with this id.', 'person_model_not_found');
      if (row.owner_user_id !== null && row.owner_user_id !== userId)
        throw forbidden('This character belongs to another user.');
      const persona = personaLooks.parse(
        typeof row.persona === 'string' ? JSON.parse(row.persona) : (row.persona ?? {}),
      );
      looks = {
        style: persona.style,
        ethnicity: persona.ethnicity,
        eyeColor: persona.eyes,
        hairStyle: persona.hairStyle,
        hairColor: persona.hairColor,
        bodyType: persona.body?.body,
      };
    } else if (!body.style) {
      throw badRequest('style: required when no personModelId is given', 'style', 'validation_failed');
    }
    const unit = CATALOGUE_PRICES.image;
    const price = unit * body.count;
    const batchId = body.batchId ?? crypto.randomUUID();
    // Take the price up front, in the same transaction that records the batch: a second call with the same
    // batch id (a reload, a double click) finds the row and pays nothing.
    const opened = await db.transaction(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO image_batches (id, user_id, person_model_id, requested, price, status)
         VALUES ($1, $2, $3, $4, $5, 'pending') ON CONFLICT (id) DO NOTHING RETURNING id`,
        [batchId, userId, body.personModelId ?? null, body.count, price],
      );
      if (inserted.length === 0) return null;
      return ledger.spend(tx, {
        userId: userId,
        amount: price,
        reason: 'generate_images',
        refId: batchId,
      });
    });
    if (!opened) {
      const existing = await loadBatch(db, batchId);
      if (!existing || existing.user_id !== userId)
        throw conflict('This batch id is already used.', 'batch_id_taken', 'batchId');
      const balance = await ledger.getBalance(db, userId);
      return {
        status: 200,
        answer: await batchAnswer(db, existing),
        remainingTokens: balance.balance,
        spentTokens: balance.spent,
      };
    }
    const request_: BatchRequest = {
      seed: batchId,
      count: body.count,
      // The character's own looks win; free choices fill what it leaves open.
      style: looks?.style ?? body.style ?? 'realistic',
      ethnicity: looks?.ethnicity ?? body.ethnicity,
      eyeColor: looks?.eyeColor ?? body.eyes,
      hairStyle: looks?.hairStyle ?? body.hairStyle,
      hairColor: looks?.hairColor ?? body.hairColor,
      bodyType: looks?.bodyType ?? body.body,
      pose: body.pose,
      background: body.background,
      outfit: body.outfit,
      prompt: body.prompt,
    };
    // Each image is stored the moment it is ready, so `Image/batches/{id}` shows the batch filling photo by photo
    // (live progress, ADR 0228); whatever never arrives is refunded once at the end, or by the sweeper after a crash.
    const stored = new Set<GeneratedImage>();
    const store = async (item: GeneratedImage) => {
      if (stored.has(item) || stored.size >= body.count) return;
      await fixtures?.before(userId);
      await insertImages(db, [
        {
          id: crypto.randomUUID(),
          ownerUserId: userId,
          spec: item.spec,
          contentType: item.contentType,
          body: item.body,
          personModelId: body.personModelId ?? null,
          batchId,
          isStandalone: true,
        },
      ]);
      stored.add(item);
    };
    let failure: unknown = null;
    try {
      const generated = await engine.generateBatch(request_, store);
      // An engine that does not call back hands everything over at the end.
      for (const item of generated) await store(item);
    } catch (error) {
      failure = error;
    }
    const balance = await finishBatch(db, ledger, {
      batchId,
      userId: userId,
      requested: body.count,
      price,
      arrived: stored.size,
    });
    const refund = (body.count - stored.size) * unit;
    if (failure) {
      if (failure instanceof ImageEngineError)
        throw new HttpError(
          502,
          'image_engine_failed',
          `The image generator failed; your ${refund} tokens were refunded. Try again.`,
        );
      throw failure;
    }
    const row = (await loadBatch(db, batchId))!;
    return {
      status: 201,
      answer: await batchAnswer(db, row),
      remainingTokens: balance.balance,
      spentTokens: balance.spent,
    };
  }

  return runBatch;
}

/** `runBatch` of one feature instance: pays for, generates and answers a batch. */
export type RunBatch = ReturnType<typeof createBatchRunner>;
