// What a card does to a sandbox order: a card typed on the hosted page (test-card outcome, expiry, Luhn, 3-D
// Secure, a slow bank), the OTP of the 3-D Secure step, and an off-session charge of a saved token.

import crypto from 'node:crypto';
import type { Queryable } from '../../../db/database.ts';
import { SandboxError } from './engine-types.ts';
import type { SandboxEngine, SandboxOrderRow, SandboxStatus } from './engine-types.ts';
import type { SandboxOrderStore } from './order-store.ts';
import { cardBehaviour, cardBrand } from './test-cards.ts';
import type { SandboxWebhooks } from './webhooks.ts';

/** What {@link createCardOutcomes} works with: the engine's clock, order store and webhook queue. */
export interface CardOutcomeDeps {
  now: () => Date;
  store: Pick<SandboxOrderStore, 'update' | 'lockOrder' | 'tokenise'>;
  enqueue: SandboxWebhooks['enqueue'];
}

/** The card outcomes, each run inside the caller's transaction; each queues the webhook of what it did. */
export interface CardOutcomes {
  /** A card submitted on the hosted page: declined, processing (slow bank), 3-D Secure, approved or declined. */
  submitCard(
    tx: Queryable,
    id: string,
    card: Parameters<SandboxEngine['submitCard']>[1],
  ): Promise<SandboxOrderRow>;
  /** The OTP of the 3-D Secure page: 1234 passes (then the card's outcome), 3333 gives 2.11, else 5.01. */
  submitOtp(tx: Queryable, id: string, otp: string): Promise<SandboxOrderRow>;
  /** A saved token charged off-session; a retried merchant order answers the stored one. */
  charge(tx: Queryable, request: Parameters<SandboxEngine['charge']>[0]): Promise<SandboxOrderRow>;
}

/** Builds the card outcomes over the engine's clock, order store and webhook queue. */
export function createCardOutcomes({ now, store, enqueue }: CardOutcomeDeps): CardOutcomes {
  const { update, lockOrder, tokenise } = store;
  return {
    async submitCard(tx, id, card) {
      const current = await lockOrder(tx, id);
      if (current.status !== 'created') return current;
      if (current.expires_at.getTime() < now().getTime()) {
        const expired = await update(tx, id, { status: 'declined', decline_code: '0.02' });
        await enqueue(tx, expired);
        return expired;
      }
      const behaviour = cardBehaviour(card.number);
      const display = {
        card_brand: cardBrand(card.number),
        card_last4: card.number.slice(-4),
        payer_email: card.email,
      };
      const at = now();
      const expired =
        card.expiry.year < at.getUTCFullYear() ||
        (card.expiry.year === at.getUTCFullYear() && card.expiry.month < at.getUTCMonth() + 1);
      if (behaviour.outcome === '2.08' || expired) {
        const declined = await update(tx, id, {
          ...display,
          status: 'declined',
          decline_code: expired && behaviour.outcome !== '2.08' ? '2.09' : '2.08',
        });
        await enqueue(tx, declined);
        return declined;
      }
      const token = await tokenise(tx, card.number);
      if (behaviour.settlesAfterSeconds) {
        const pending = await update(tx, id, {
          ...display,
          status: 'processing',
          card_token: token,
          pending_outcome: behaviour.outcome,
          settles_at: new Date(at.getTime() + behaviour.settlesAfterSeconds * 1000),
        });
        await enqueue(tx, pending);
        return pending;
      }
      if (behaviour.threeDS) {
        const verifying = await update(tx, id, {
          ...display,
          status: '3ds_verify',
          card_token: token,
          pending_outcome: behaviour.outcome,
        });
        await enqueue(tx, verifying);
        return verifying;
      }
      const done = await update(tx, id, {
        ...display,
        card_token: behaviour.outcome === 'success' ? token : null,
        status: behaviour.outcome === 'success' ? 'approved' : 'declined',
        decline_code: behaviour.outcome === 'success' ? null : behaviour.outcome,
      });
      await enqueue(tx, done);
      return done;
    },

    async submitOtp(tx, id, otp) {
      const current = await lockOrder(tx, id);
      if (current.status !== '3ds_verify') return current;
      const outcome = current.pending_outcome ?? 'success';
      let result: { status: SandboxStatus; decline_code: string | null };
      if (otp === '1234')
        result =
          outcome === 'success'
            ? { status: 'approved', decline_code: null }
            : { status: 'declined', decline_code: outcome };
      else if (otp === '3333') result = { status: 'declined', decline_code: '2.11' };
      else result = { status: 'declined', decline_code: '5.01' };
      const done = await update(tx, id, {
        ...result,
        pending_outcome: null,
        ...(result.status === 'approved' ? {} : { card_token: null }),
      });
      await enqueue(tx, done);
      return done;
    },

    async charge(tx, request) {
      const existing = await tx.query<SandboxOrderRow>(
        'SELECT * FROM sandbox_orders WHERE envelope = $1 AND merchant_order_id = $2',
        [request.envelope, request.merchantOrderId],
      );
      if (existing[0]) {
        if (existing[0].amount !== request.amount) throw new SandboxError(409, '5.06', 'Duplicate order.');
        return existing[0];
      }
      const cards = await tx.query<{ card_number: string }>(
        'SELECT card_number FROM sandbox_card_tokens WHERE token = $1',
        [request.token],
      );
      const number = cards[0]?.card_number;
      const behaviour = number ? cardBehaviour(number) : null;
      // Off-session charges cannot run a challenge: a 3-D Secure card answers 3.09 (authentication required).
      const code = !behaviour
        ? '7.01'
        : behaviour.threeDS
          ? '3.09'
          : behaviour.outcome === 'success'
            ? null
            : behaviour.outcome;
      const rows = await tx.query<SandboxOrderRow>(
        `INSERT INTO sandbox_orders (id, merchant_order_id, envelope, amount, currency, description, status,
             decline_code, payment_type, card_token, card_brand, card_last4, success_url, fail_url, callback_url,
             expires_at, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, '', '', $13, $14, $14, $14) RETURNING *`,
        [
          `sbx_${crypto.randomBytes(12).toString('hex')}`,
          request.merchantOrderId,
          request.envelope,
          request.amount,
          request.currency,
          request.description,
          code ? 'declined' : 'approved',
          code,
          request.paymentType,
          code ? null : request.token,
          number ? cardBrand(number) : null,
          number ? number.slice(-4) : null,
          request.callbackUrl,
          now(),
        ],
      );
      await enqueue(tx, rows[0]!);
      return rows[0]!;
    },
  };
}
