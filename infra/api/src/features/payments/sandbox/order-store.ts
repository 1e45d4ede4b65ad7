// The sandbox's order store: reads of `sandbox_orders`, row updates and locks, card tokens, refunds.

import crypto from 'node:crypto';
import type { Database, Queryable } from '../../../db/database.ts';
import type { Envelope } from '../signatures.ts';
import { SandboxError } from './engine-types.ts';
import type { SandboxOrderRow } from './engine-types.ts';

/** The columns a status change may set on a `sandbox_orders` row. */
export type SandboxOrderChange = Partial<
  Pick<
    SandboxOrderRow,
    | 'status'
    | 'decline_code'
    | 'card_token'
    | 'card_brand'
    | 'card_last4'
    | 'pending_outcome'
    | 'payer_email'
    | 'settles_at'
  >
>;

/** The order store of one engine. */
export interface SandboxOrderStore {
  /** Sets `set` (and `updated_at`) on the order; answers the updated row. */
  update(tx: Queryable, id: string, set: SandboxOrderChange): Promise<SandboxOrderRow>;
  /** Locks the order for the transaction; 404 `2.05` when there is none. */
  lockOrder(tx: Queryable, id: string): Promise<SandboxOrderRow>;
  /** Stores a card number behind a new token (one-click and renewals charge the token). */
  tokenise(tx: Queryable, number: string): Promise<string>;
  /** The order by the sandbox's id. */
  find(id: string): Promise<SandboxOrderRow | null>;
  /** The order by the merchant's order id in one envelope. */
  status(envelope: Envelope, merchantOrderId: string): Promise<SandboxOrderRow | null>;
  /** Refunds an approved order in full, once; false when nothing was charged. */
  refund(id: string): Promise<boolean>;
}

/** Builds the order store over the engine's database and clock. */
export function createSandboxOrderStore(db: Database, now: () => Date): SandboxOrderStore {
  async function update(tx: Queryable, id: string, set: SandboxOrderChange): Promise<SandboxOrderRow> {
    const entries = Object.entries(set);
    const sql = entries.map(([key], i) => `${key} = $${i + 3}`).join(', ');
    const rows = await tx.query<SandboxOrderRow>(
      `UPDATE sandbox_orders SET ${sql}, updated_at = $2 WHERE id = $1 RETURNING *`,
      [id, now(), ...entries.map(([, value]) => value)],
    );
    return rows[0]!;
  }

  async function lockOrder(tx: Queryable, id: string): Promise<SandboxOrderRow> {
    const rows = await tx.query<SandboxOrderRow>('SELECT * FROM sandbox_orders WHERE id = $1 FOR UPDATE', [
      id,
    ]);
    const order = rows[0];
    if (!order) throw new SandboxError(404, '2.05', 'Order not found.');
    return order;
  }

  async function tokenise(tx: Queryable, number: string): Promise<string> {
    const token = `card_${crypto.randomBytes(12).toString('hex')}`;
    await tx.query('INSERT INTO sandbox_card_tokens (token, card_number, created_at) VALUES ($1, $2, $3)', [
      token,
      number,
      now(),
    ]);
    return token;
  }

  return {
    async find(id) {
      const rows = await db.query<SandboxOrderRow>('SELECT * FROM sandbox_orders WHERE id = $1', [id]);
      return rows[0] ?? null;
    },

    async status(envelope, merchantOrderId) {
      const rows = await db.query<SandboxOrderRow>(
        'SELECT * FROM sandbox_orders WHERE envelope = $1 AND merchant_order_id = $2',
        [envelope, merchantOrderId],
      );
      return rows[0] ?? null;
    },

    async refund(id) {
      const rows = await db.query<{ id: string }>(
        `UPDATE sandbox_orders SET refunded_at = COALESCE(refunded_at, $2), updated_at = $2
         WHERE id = $1 AND status = 'approved' RETURNING id`,
        [id, now()],
      );
      return rows.length > 0;
    },

    update,
    lockOrder,
    tokenise,
  };
}
