import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../../test/harness.ts';
import type { TestSession } from '../../../test/harness.ts';
import { buy, paymentsAppPerSuite } from './test-kit.ts';
import {
  lifetimeGrantDate,
  lifetimeGrantsDue,
  lifetimeMonthKey,
  RENEWAL_BONUS_TOKENS,
  renewalBonusKey,
} from './grants.ts';
import { grantLifetimeMonths } from './subscriptions.ts';
import { credit, getBalance, spend } from '../tokens/ledger.ts';
import { balanceOf } from '../../seed/test-fixtures.ts';

const DAY = 24 * 3600 * 1000;
const THREE_DS = '4000002760003184';

describe('lifetime grant dates', () => {
  it('should clamp a month-end start to each month’s last day, one grant a month', () => {
    const start = new Date('2027-01-31T10:00:00.000Z');
    expect([1, 2, 3, 13].map((k) => lifetimeGrantDate(start, k).toISOString())).toEqual([
      '2027-02-28T10:00:00.000Z',
      '2027-03-31T10:00:00.000Z',
      '2027-04-30T10:00:00.000Z',
      '2028-02-29T10:00:00.000Z',
    ]);
  });

  it('should list the grants after the cursor up to now, none twice', () => {
    const start = new Date('2027-01-31T10:00:00.000Z');
    const due = lifetimeGrantsDue(start, start, new Date('2027-04-30T10:00:00.000Z'));
    expect(due.map((d) => d.toISOString().slice(0, 10))).toEqual(['2027-02-28', '2027-03-31', '2027-04-30']);
    expect(lifetimeGrantsDue(start, due[2]!, new Date('2027-05-30T09:59:59.999Z'))).toEqual([]);
    expect(new Set(due.map((d) => lifetimeMonthKey('u', d))).size).toBe(3);
  });
});

describe.each(BACKENDS)('subscription token grants on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('grants', () => {
    const ledger = { spend, credit, getBalance };
    const t = paymentsAppPerSuite(backend);

    const balance = (s: TestSession) => balanceOf(t.db, s.userId);
    const ledgerKeys = async (s: TestSession, reason: string) =>
      (
        await t.db.query<{ idempotency_key: string; delta: number }>(
          'SELECT idempotency_key, delta FROM token_ledger WHERE user_id = $1 AND reason = $2 ORDER BY id',
          [s.userId, reason],
        )
      ).map((row) => [row.idempotency_key, row.delta]);
    const renewals = (s: TestSession) =>
      t.db.query<{ id: string; status: string }>(
        `SELECT id, status FROM payment_orders WHERE user_id = $1 AND kind = 'renewal' ORDER BY created_at`,
        [s.userId],
      );
    /** Moves the clock for one test and back, so the suites sharing the app keep their dates. */
    const travel = async (ms: number, body: () => Promise<void>) => {
      t.clock.advance(ms);
      try {
        await body();
      } finally {
        t.clock.advance(-ms);
      }
    };

    it('should credit the renewal bonus once per paid renewal, keyed by the renewal order', async () => {
      const { session } = await buy(t, 'sub-weekly');
      expect(await balance(session)).toBe(0);
      await travel(8 * DAY, async () => {
        await t.control.runRenewals();
        // A rerun, the provider's webhook for the recurring charge and the relay change nothing more.
        await t.control.runRenewals();
        await t.control.dispatchWebhooks();
        await t.control.relayOutbox();
        const [renewal] = await renewals(session);
        expect(renewal).toMatchObject({ status: 'approved' });
        expect(await balance(session)).toBe(RENEWAL_BONUS_TOKENS);
        expect(await ledgerKeys(session, 'renewal_bonus')).toEqual([
          [renewalBonusKey(renewal!.id), RENEWAL_BONUS_TOKENS],
        ]);
        // The renewal's notification carries the balance with the bonus: one transaction.
        const note = t.sent.find((n) => (n.payload as { orderId?: string }).orderId === renewal!.id);
        expect(note?.payload).toMatchObject({ success: true, remainingBalance: RENEWAL_BONUS_TOKENS });
      });
      // The next renewal (one month on) is another order with its own bonus.
      await travel(40 * DAY, async () => {
        await t.control.runRenewals();
        await t.control.runRenewals();
        expect((await renewals(session)).map((r) => r.status)).toEqual(['approved', 'approved']);
        expect(await balance(session)).toBe(2 * RENEWAL_BONUS_TOKENS);
      });
    });

    it('should credit no bonus when the renewal charge is declined', async () => {
      // A 3-D Secure card cannot be charged off-session (3.09): the renewal fails and the plan ends.
      const { session } = await buy(t, 'sub-weekly', undefined, THREE_DS);
      await travel(8 * DAY, async () => {
        await t.control.runRenewals();
        await t.control.dispatchWebhooks();
        expect((await renewals(session)).map((r) => r.status)).toEqual(['declined']);
        expect(await balance(session)).toBe(0);
        expect(await ledgerKeys(session, 'renewal_bonus')).toEqual([]);
      });
    });

    it('should credit a lifetime subscriber 100 tokens a month, once per user and month', async () => {
      const { session } = await buy(t, 'sub-lifetime');
      const start = t.clock.now();
      expect(await balance(session)).toBe(100);
      expect(await ledgerKeys(session, 'lifetime_monthly_tokens')).toEqual([
        [lifetimeMonthKey(session.userId, start), 100],
      ]);
      // A plan that ended (a refund, say) and a new lifetime bought in the same month: no second month.
      await t.db.query(`UPDATE subscriptions SET status = 'expired' WHERE user_id = $1`, [session.userId]);
      await buy(t, 'sub-lifetime', session);
      expect(
        await t.db.query(`SELECT 1 FROM subscriptions WHERE user_id = $1`, [session.userId]),
      ).toHaveLength(2);
      expect(await balance(session)).toBe(100);

      await travel(31 * DAY, async () => {
        // Two sweeps at once (two instances): the month is paid once.
        await Promise.all([
          grantLifetimeMonths({ db: t.db, ledger, now: t.clock.now }),
          grantLifetimeMonths({ db: t.db, ledger, now: t.clock.now }),
        ]);
        expect(await balance(session)).toBe(200);
        // A crash between the grant and the cursor: the cursor goes back, the month's key still holds.
        await t.db.query(
          `UPDATE subscriptions SET last_monthly_grant_at = start_date WHERE user_id = $1 AND status = 'active'`,
          [session.userId],
        );
        await t.control.runRenewals();
        expect(await balance(session)).toBe(200);
      });
      await travel(62 * DAY, async () => {
        await t.control.runRenewals();
        await t.control.runRenewals();
        expect(await balance(session)).toBe(300);
        expect(await ledgerKeys(session, 'lifetime_monthly_tokens')).toHaveLength(3);
      });
    });
  });
});
