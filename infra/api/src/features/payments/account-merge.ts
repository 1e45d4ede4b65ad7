import { refreshUserPaymentState } from '../../db/payment-state.ts';
import type { AccountMergeStep } from '../../http/feature.ts';

/**
 * Moves a visitor's payments to the account they signed in to (ADR 0011): orders and saved cards always; the
 * visitor's live subscription only when the account has none (an account never holds two; the visitor's stays on
 * the merged visitor row, visible to support, rather than being cancelled silently). Token balances merge in core.
 */
export const mergePayments: AccountMergeStep = async (tx, { fromUserId, toUserId }) => {
  await tx.query('UPDATE payment_orders SET user_id = $2, updated_at = now() WHERE user_id = $1', [
    fromUserId,
    toUserId,
  ]);
  await tx.query(
    `UPDATE payment_cards SET user_id = $2 WHERE user_id = $1 AND deleted_at IS NULL
       AND token NOT IN (SELECT token FROM payment_cards WHERE user_id = $2 AND deleted_at IS NULL)`,
    [fromUserId, toUserId],
  );
  await tx.query(
    `UPDATE subscriptions SET user_id = $2, updated_at = now() WHERE user_id = $1
       AND (status NOT IN ('active', 'cancellation_requested')
            OR NOT EXISTS (SELECT 1 FROM subscriptions WHERE user_id = $2 AND status IN ('active', 'cancellation_requested')))`,
    [fromUserId, toUserId],
  );
  await refreshUserPaymentState(tx, fromUserId);
  await refreshUserPaymentState(tx, toUserId);
};
