import type { PaymentNotification, RegistrationNotification } from '@companion/contracts';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/accounts.ts';
import type { FeatureDeps } from '../../http/feature.ts';
import type { OutboxEvent } from '../../db/outbox.ts';
import { sendMagicLink } from '../auth/magic-links.ts';
// The one session minting function (ADR 0011); a registration notification hands out a pair exactly like sign-up.
import { issueSession } from '../auth/sessions.ts';

/** How payments reach users' tabs (the hubs' notifier; a port bound after the hubs attach). */
export interface PaymentNotifier {
  payment(userId: string, notification: PaymentNotification): Promise<void>;
  registration(userId: string, notification: RegistrationNotification): Promise<void>;
}

interface OutboxRow {
  id: number;
  user_id: string;
  event: OutboxEvent;
  payload: unknown;
  attempts: number;
}

/**
 * A RegistrationNotification is delivered this many times, this many seconds apart: a visitor's tab is usually
 * between pages (coming back from the provider's page) when the payment registers them, and a hub send reaches only
 * tabs connected at that moment. Each delivery mints its own pair; the shell applies the first one only.
 */
export const REGISTRATION_RESEND_DELAYS_S = [2, 3, 5, 10] as const;

/** A paid order's contact e-mail, to be proven by its owner (ADR 0290). */
interface PayerEmailClaim {
  email: string;
  orderId: string;
}

/**
 * Relays pending outbox rows to the hubs and the mailer (at least once: a row is marked sent only after the hub or
 * the mailer accepted it; clients dedupe by `orderId`). Returns how many were sent.
 */
export async function relayOutbox(
  deps: Pick<FeatureDeps, 'config' | 'jwtKey' | 'now' | 'mailer'> & { db: Database },
  notifier: PaymentNotifier | null,
): Promise<number> {
  if (!notifier) return 0;
  const { db } = deps;
  const at = deps.now();
  const rows = await db.transaction((tx) =>
    tx.query<OutboxRow>(
      `UPDATE payment_outbox SET attempts = attempts + 1, next_attempt_at = $2
       WHERE id IN (SELECT id FROM payment_outbox WHERE sent_at IS NULL AND next_attempt_at <= $1 AND attempts < 20
                    ORDER BY id LIMIT 50 FOR UPDATE SKIP LOCKED)
       RETURNING id, user_id, event, payload, attempts`,
      [at, new Date(at.getTime() + 30_000)],
    ),
  );
  rows.sort((a, b) => a.id - b.id);
  let sent = 0;
  for (const row of rows) {
    try {
      if (row.event === 'PaymentNotification') {
        await notifier.payment(row.user_id, row.payload as PaymentNotification);
      } else if (row.event === 'PayerEmailClaim') {
        // The link's code is minted at delivery, like the tokens below: no usable secret sits in the outbox.
        const claim = row.payload as PayerEmailClaim;
        await sendMagicLink(db, deps, {
          email: claim.email,
          purpose: 'purchase-claim',
          claimUserId: row.user_id,
        });
      } else {
        // Tokens are minted at delivery, so no usable secret ever sits in the outbox table.
        const tokens = await db.transaction(async (tx) => {
          const users = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1', [row.user_id]);
          return issueSession(tx, deps, users[0]!);
        });
        await notifier.registration(row.user_id, { userId: row.user_id, tokens });
        const again = REGISTRATION_RESEND_DELAYS_S[row.attempts - 1];
        if (again !== undefined) {
          await db.query('UPDATE payment_outbox SET next_attempt_at = $2 WHERE id = $1', [
            row.id,
            new Date(deps.now().getTime() + again * 1000),
          ]);
          sent += 1;
          continue;
        }
      }
      await db.query('UPDATE payment_outbox SET sent_at = $2 WHERE id = $1', [row.id, deps.now()]);
      sent += 1;
    } catch {
      const delay = Math.min(60_000, 1000 * 2 ** (row.attempts - 1));
      await db.query('UPDATE payment_outbox SET next_attempt_at = $2 WHERE id = $1', [
        row.id,
        new Date(deps.now().getTime() + delay),
      ]);
    }
  }
  return sent;
}
