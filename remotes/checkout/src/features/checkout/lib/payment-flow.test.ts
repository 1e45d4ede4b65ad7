import { describe, expect, it } from 'vitest';
import type { PaymentNotification } from '@companion/contracts';
import type { OrderStatus } from '../../../api/payments-api.ts';
import { afterPurchaseTarget, redirectUrlFor } from './after-purchase.ts';
import {
  closeAction,
  formatPaymentDate,
  isForOrder,
  outcomeOfNotification,
  outcomeOfStatus,
} from './payment-flow.ts';
import { readPaymentReturn, withoutReturnParams } from './return-params.ts';

const now = new Date(2026, 10, 4, 12);
const status = (overrides: Partial<OrderStatus>): OrderStatus => ({
  orderId: 'o1',
  status: 'approved',
  isFinal: true,
  success: true,
  errorCode: null,
  productId: 'sub-12m',
  name: 'Year',
  isSubscriptionProduct: true,
  amountPaid: 11999,
  currency: 'USD',
  paymentSystem: 'solidgate',
  subscriptionId: 's1',
  ...overrides,
});
const notification = (overrides: Partial<PaymentNotification>): PaymentNotification => ({
  success: true,
  product: { id: 'tokens-550', name: '550 tokens', isSubscriptionProduct: false },
  amountPaid: 3999,
  currencyPaid: 'USD',
  subscription: null,
  remainingBalance: 600,
  orderId: 'o1',
  ...overrides,
});

describe('payment flow (001 §4)', () => {
  it('keeps processing while the order is open', () => {
    expect(outcomeOfStatus(status({ isFinal: false, success: false, status: 'processing' }), now)).toBeNull();
  });

  it('moves an approved order to success with what was paid', () => {
    expect(outcomeOfStatus(status({}), now)).toEqual({
      step: 'success',
      orderId: 'o1',
      result: {
        amountPaid: 11999,
        productId: 'sub-12m',
        name: 'Year',
        isSubscriptionProduct: true,
        paidAt: now,
        compensationTokens: 0,
      },
    });
  });

  it('moves a declined order to fail with its code and unpaid amount', () => {
    expect(
      outcomeOfStatus(
        status({ success: false, status: 'declined', errorCode: '3.02', amountPaid: 4399 }),
        now,
      ),
    ).toEqual({
      step: 'fail',
      orderId: 'o1',
      errorCode: '3.02',
      amount: 4399,
    });
  });

  it('success in a notification means success; anything else is fail', () => {
    expect(outcomeOfNotification(notification({}), 'o1', now).step).toBe('success');
    expect(
      outcomeOfNotification(notification({ success: false, errorCode: '2.06' }), 'o1', now),
    ).toMatchObject({
      step: 'fail',
      errorCode: '2.06',
    });
  });

  it("takes only this order's notifications", () => {
    expect(isForOrder(notification({ orderId: 'o2' }), 'o1')).toBe(false);
    expect(isForOrder(notification({ orderId: 'o1' }), 'o1')).toBe(true);
  });

  it('ignores closing while processing, closes the step after success and the flow after failure', () => {
    expect(closeAction('paymentProcessing')).toBe('ignore');
    expect(closeAction('success')).toBe('close-step');
    expect(closeAction('fail')).toBe('close-flow');
    expect(closeAction('stillProcessing')).toBe('close-flow');
  });

  it('formats the payment date as DD.MM.YY', () => {
    expect(formatPaymentDate(new Date(2026, 10, 4))).toBe('04.11.26');
    expect(formatPaymentDate(new Date(2031, 0, 31))).toBe('31.01.31');
  });
});

describe('return parameters (001 §2)', () => {
  it('reads a provider return and drops its parameters, keeping the rest', () => {
    const search =
      '?returnTo=%2Fchat%2Fc1&orderId=o1&productId=tokens-550&purchaseType=token&userId=u1&paymentSystem=solidgate&utm_source=x';
    expect(readPaymentReturn(search)).toMatchObject({
      orderId: 'o1',
      productId: 'tokens-550',
      purchaseType: 'token',
    });
    expect(withoutReturnParams(search)).toBe('?returnTo=%2Fchat%2Fc1&utm_source=x');
  });

  it('is no return without an orderId', () => {
    expect(readPaymentReturn('?productId=x')).toBeNull();
  });
});

describe('after purchase (001 §4)', () => {
  it.each([
    ['/chat/c1', '/chat/c1?purchased=true'],
    ['/ai-girlfriend-generator', '/ai-girlfriend-generator'],
    ['/chat', '/chat'],
    ['/', '/pricing'],
    ['/tokens', '/pricing'],
    [null, '/pricing'],
    ['//evil.example/chat/c1', '/pricing'],
    ['https://evil.example/', '/pricing'],
  ])('from %s goes to %s', (from, target) => {
    expect(afterPurchaseTarget(from)).toBe(target);
  });

  it('sends the provider back to the payment source page carrying the start page', () => {
    expect(redirectUrlFor(true, '/chat/c1')).toBe('/tokens?returnTo=%2Fchat%2Fc1');
    expect(redirectUrlFor(false, '/')).toBe('/pricing?returnTo=%2F');
  });
});
