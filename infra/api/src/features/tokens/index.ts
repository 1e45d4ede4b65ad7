import { z } from 'zod';
import type { TokensBalance } from '@companion/contracts';
import { TOKEN_RULES } from '../../config.ts';
import { userFeatures } from '../../db/accounts.ts';
import type { UserRow } from '../../db/accounts.ts';
import { authenticateWithRow, currentUser } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import type { FeaturePlugin } from '../../http/feature.ts';
import { parseQuery } from '../../http/validate.ts';

const BalanceQuery = z.object({ requestID: z.string().max(100).optional() });

/** When the next daily bonus may be claimed: `now` before the first claim, else last claim + period. */
export function nextDailyClaim(lastClaimAt: Date | null, now: Date): Date {
  return lastClaimAt ? new Date(lastClaimAt.getTime() + TOKEN_RULES.dailyBonusPeriodMs) : now;
}

/** Tokens: balance and the daily bonus; spends happen in the features that sell something, via the ledger. */
export const tokensFeature: FeaturePlugin = async (app, deps) => {
  const { db } = deps;

  // The token check and the balance in one query (half the round trips of a route every page calls).
  app.get('/Tokens/balance', async (request): Promise<TokensBalance> => {
    const row = await authenticateWithRow<{
      balance: number | null;
      spent: number | null;
      last_daily_claim_at: Date | null;
      features: UserRow['features'];
    }>(
      request,
      { db, jwtKey: deps.jwtKey, now: deps.now },
      `features,
       (SELECT b.balance FROM token_balances b WHERE b.user_id = users.id) AS balance,
       (SELECT b.spent FROM token_balances b WHERE b.user_id = users.id) AS spent,
       (SELECT b.last_daily_claim_at FROM token_balances b WHERE b.user_id = users.id) AS last_daily_claim_at`,
    );
    parseQuery(BalanceQuery, request.query);
    const enabled = userFeatures(row).isDailyTokensEnabled;
    return {
      remainingTokens: row.balance ?? 0,
      nextDailyTokenClaimDate: enabled
        ? nextDailyClaim(row.last_daily_claim_at, deps.now()).toISOString()
        : null,
      spentTokens: row.spent ?? 0,
    };
  });

  app.post('/Tokens/claim-bonus', { preHandler: app.authenticate }, async (request) => {
    const user = currentUser(request);
    const now = deps.now();
    return db.transaction(async (tx) => {
      const users = await tx.query<UserRow>('SELECT features FROM users WHERE id = $1', [user.id]);
      if (!userFeatures(users[0]!).isDailyTokensEnabled) {
        throw new HttpError(403, 'daily_tokens_disabled', 'Daily tokens are not enabled for this account.');
      }
      await tx.query('INSERT INTO token_balances (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [
        user.id,
      ]);
      // Row lock: two concurrent claims serialise here and the second sees the first's timestamp.
      const rows = await tx.query<{ last_daily_claim_at: Date | null }>(
        'SELECT last_daily_claim_at FROM token_balances WHERE user_id = $1 FOR UPDATE',
        [user.id],
      );
      const last = rows[0]!.last_daily_claim_at;
      if (last && now.getTime() - last.getTime() < TOKEN_RULES.dailyBonusPeriodMs) {
        const next = nextDailyClaim(last, now).toISOString();
        throw new HttpError(
          409,
          'bonus_already_claimed',
          `Daily bonus already claimed; next claim at ${next}.`,
        );
      }
      await tx.query('UPDATE token_balances SET last_daily_claim_at = $2 WHERE user_id = $1', [user.id, now]);
      const result = await deps.ledger.credit(tx, {
        userId: user.id,
        amount: TOKEN_RULES.dailyBonusTokens,
        reason: 'daily_bonus',
        refId: now.toISOString(),
      });
      return {
        claimedTokens: TOKEN_RULES.dailyBonusTokens,
        remainingTokens: result.balance,
        spentTokens: result.spent,
        nextDailyTokenClaimDate: nextDailyClaim(now, now).toISOString(),
      };
    });
  });
};
