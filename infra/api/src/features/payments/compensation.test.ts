import { describe, expect, it } from 'vitest';
import type { PaymentNotification } from '@companion/contracts';
import { BACKENDS, preRegister, requestAs } from '../../../test/harness.ts';
import type { TestSession } from '../../../test/harness.ts';
import { buy, paymentsAppPerSuite } from './test-kit.ts';
import { balanceOf } from '../../seed/test-fixtures.ts';

// 001 §8: the failure screen of 3.04, 3.08 and SuttonBank promises 20 additional tokens upon successful payment.
const CARD = {
  ok: '4067429974719265',
  '3.04': '4000000000003048',
  '3.08': '4000000000003089',
  SuttonBank: '4000000000009003',
  '2.06': '4000000000002065',
} as const;

describe.each(BACKENDS)('decline compensation on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('compensation', () => {
    const t = paymentsAppPerSuite(backend);

    const balance = (s: TestSession) => balanceOf(t.db, s.userId);
    const notification = (orderId: string) =>
      t.sent.find((n) => (n.payload as PaymentNotification).orderId === orderId)?.payload as
        PaymentNotification | undefined;
    const status = async (s: TestSession, orderId: string) =>
      (await requestAs(t.app, s, 'GET', `/api/payments/check-order-status?orderId=${orderId}`)).json<{
        compensationTokens: number;
      }>();
    /** Buys, then moves the clock on so the next order is visibly later. */
    const pay = async (s: TestSession, product: string, card: string) => {
      const bought = await buy(t, product, s, card);
      t.clock.advance(1000);
      return bought.orderId;
    };

    for (const code of ['3.04', '3.08', 'SuttonBank'] as const)
      it(`should credit the 20 tokens a ${code} decline promised with the next paid order, once`, async () => {
        const s = await preRegister(t.app);
        const declined = await pay(s, 'tokens-350', CARD[code]);
        expect(notification(declined)).toMatchObject({ success: false, errorCode: code });
        expect(await balance(s)).toBe(0);

        const paid = await pay(s, 'tokens-350', CARD.ok);
        expect(await balance(s)).toBe(370);
        expect(notification(paid)).toMatchObject({
          success: true,
          remainingBalance: 370,
          compensationTokens: 20,
        });
        expect(await status(s, paid)).toMatchObject({ compensationTokens: 20 });

        // The promise is kept once: a replayed fulfilment and the next purchase bring nothing more.
        await t.control.dispatchWebhooks();
        const again = await pay(s, 'tokens-350', CARD.ok);
        expect(await balance(s)).toBe(720);
        expect(notification(again)?.compensationTokens).toBeUndefined();
        expect(await status(s, again)).toMatchObject({ compensationTokens: 0 });
      });

    it('should record a SuttonBank card on a plan as the plain bank decline 3.10, which promises nothing (001 §5)', async () => {
      const s = await preRegister(t.app);
      const declined = await pay(s, 'sub-1m', CARD.SuttonBank);
      expect(notification(declined)).toMatchObject({ success: false, errorCode: '3.10' });
      await pay(s, 'tokens-350', CARD.ok);
      expect(await balance(s)).toBe(350);
    });

    it('should credit nothing for a decline that promised nothing, and one promise for two declines', async () => {
      const s = await preRegister(t.app);
      await pay(s, 'tokens-350', CARD['2.06']);
      await pay(s, 'tokens-350', CARD.ok);
      expect(await balance(s)).toBe(350);

      await pay(s, 'tokens-350', CARD['3.04']);
      await pay(s, 'tokens-350', CARD['3.08']);
      await pay(s, 'tokens-350', CARD.ok);
      expect(await balance(s)).toBe(720);
    });

    it('should keep the promise when the next paid order is a subscription', async () => {
      const s = await preRegister(t.app);
      await pay(s, 'tokens-350', CARD['3.04']);
      const paid = await pay(s, 'sub-1m', CARD.ok);
      expect(notification(paid)).toMatchObject({ success: true, compensationTokens: 20 });
      const ledger = await t.db.query<{ reason: string; delta: number }>(
        "SELECT reason, delta FROM token_ledger WHERE user_id = $1 AND reason = 'decline_compensation'",
        [s.userId],
      );
      expect(ledger).toEqual([{ reason: 'decline_compensation', delta: 20 }]);
    });
  });
});
