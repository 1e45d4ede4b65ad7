import type { Queryable } from '../../db/database.ts';
import { findUser } from '../../db/accounts.ts';
import type { FeatureDeps } from '../../http/feature.ts';
import { revokeAllSessions } from './sessions.ts';

/**
 * Folds an anonymous user into the account they just signed in to (ADR 0011): tokens move through
 * the ledger, confirmations are OR-ed, feature steps move chats/characters/unlocks, and the
 * anonymous user is retired (merged_into + soft delete, sessions revoked).
 */
export async function mergeAnonymousInto(
  tx: Queryable,
  deps: Pick<FeatureDeps, 'ledger' | 'mergeSteps' | 'now'>,
  fromUserId: string,
  toUserId: string,
): Promise<void> {
  if (fromUserId === toUserId) return;
  const from = await findUser(tx, fromUserId, true);
  // Only a live anonymous user is merged; a registered account is never folded into another.
  if (!from || !from.is_anonymous || from.deleted_at) return;
  const now = deps.now();
  const { balance } = await deps.ledger.getBalance(tx, fromUserId);
  if (balance > 0) {
    await deps.ledger.spend(tx, {
      userId: fromUserId,
      amount: balance,
      reason: 'merge_out',
      refId: toUserId,
    });
    await deps.ledger.credit(tx, {
      userId: toUserId,
      amount: balance,
      reason: 'merge_in',
      refId: fromUserId,
    });
  }
  await tx.query(
    `UPDATE users SET
       is_n_confirmed = is_n_confirmed OR $2, is_s_confirmed = is_s_confirmed OR $3, n_enabled = n_enabled OR $4,
       utm_source = COALESCE(utm_source, $5), fingerprint = COALESCE(fingerprint, $6), updated_at = $7
     WHERE id = $1`,
    [
      toUserId,
      from.is_n_confirmed,
      from.is_s_confirmed,
      from.n_enabled,
      from.utm_source,
      from.fingerprint,
      now,
    ],
  );
  for (const step of deps.mergeSteps) await step(tx, { fromUserId, toUserId });
  await tx.query('UPDATE users SET merged_into = $2, deleted_at = $3, updated_at = $3 WHERE id = $1', [
    fromUserId,
    toUserId,
    now,
  ]);
  await revokeAllSessions(tx, fromUserId, now);
}
