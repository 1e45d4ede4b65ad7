import { describe, expect, it } from 'vitest';
import {
  cardBrandOf,
  loadPaymentFormSdk,
  nextFormPhase,
  PAYMENT_FORM_EVENTS,
  submittedMethodOf,
  walletThemeFor,
  type FormPhase,
  type PaymentFormEvent,
} from './payment-form.ts';

const event = (type: PaymentFormEvent, data: Record<string, unknown> = {}) => ({ type, data });

describe('payment form events (001 §4)', () => {
  it('should name the thirteen SDK events of the spec', () => {
    const spec =
      'mounted, success, fail, orderStatus, error, resize, formRedirect, verify, interaction, submit, customStylesAppended, card, paymentDetails';
    expect(PAYMENT_FORM_EVENTS.join(', ')).toBe(spec);
  });

  it('should walk a card payment from the fields to the bank and hand the answer over', () => {
    let phase: FormPhase = 'loading';
    phase = nextFormPhase(phase, event('mounted', { entity: 'form' }));
    expect(phase).toBe('ready');
    for (const type of ['resize', 'interaction', 'card', 'paymentDetails', 'customStylesAppended'] as const)
      expect(nextFormPhase(phase, event(type))).toBe('ready');
    phase = nextFormPhase(phase, event('submit'));
    expect(phase).toBe('submitting');
    phase = nextFormPhase(phase, event('formRedirect'));
    phase = nextFormPhase(phase, event('verify'));
    expect(phase).toBe('verifying');
    expect(nextFormPhase(phase, event('success'))).toBe('settled');
    expect(nextFormPhase(phase, event('fail', { code: '3.04' }))).toBe('settled');
  });

  it('should settle on an order status past the card step only', () => {
    const status = (s: string) => event('orderStatus', { response: { order: { status: s } } });
    expect(nextFormPhase('submitting', status('3ds_verify'))).toBe('submitting');
    expect(nextFormPhase('submitting', status('processing'))).toBe('settled');
    expect(nextFormPhase('submitting', event('orderStatus'))).toBe('submitting');
  });

  it('should give up on the form after an error, and never leave a final phase', () => {
    expect(nextFormPhase('ready', event('error'))).toBe('broken');
    expect(nextFormPhase('settled', event('error'))).toBe('settled');
    expect(nextFormPhase('broken', event('success'))).toBe('broken');
  });

  it('should read the card brand of a card event only', () => {
    expect(cardBrandOf(event('card', { card: { brand: 'VISA', bin: '406742' } }))).toBe('VISA');
    expect(cardBrandOf(event('interaction', { card: { brand: 'VISA' } }))).toBeNull();
  });

  it('should name the method a submit event pays with, and theme the wallets against the app', () => {
    expect(submittedMethodOf(event('submit', { entity: 'googlebtn' }))).toBe('googlebtn');
    expect(submittedMethodOf(event('submit', { entity: 'form' }))).toBe('form');
    expect(submittedMethodOf(event('submit', { entity: 'venmo' }))).toBeNull();
    expect(submittedMethodOf(event('interaction', { entity: 'applebtn' }))).toBeNull();
    expect(walletThemeFor('dark')).toBe('monochrome-light');
    expect(walletThemeFor('light')).toBe('monochrome-dark');
  });
});

describe('loadPaymentFormSdk', () => {
  it('should reject when the script fails to load (001 §8), and try again next time', async () => {
    const url = 'https://payments.example/missing-sdk.js';
    const first = loadPaymentFormSdk(url);
    const script = document.head.querySelector<HTMLScriptElement>(`script[src="${url}"]`)!;
    script.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(/failed to load/);
    expect(document.head.querySelector(`script[src="${url}"]`)).toBeNull();
    const second = loadPaymentFormSdk(url);
    expect(second).not.toBe(first);
    document.head.querySelector(`script[src="${url}"]`)!.dispatchEvent(new Event('error'));
    await expect(second).rejects.toThrow();
  });

  it('should reject a script that defines no SDK and resolve one that does', async () => {
    const empty = loadPaymentFormSdk('https://payments.example/empty.js');
    document.head
      .querySelector('script[src="https://payments.example/empty.js"]')!
      .dispatchEvent(new Event('load'));
    await expect(empty).rejects.toThrow(/defined no PaymentFormSdk/);
    const sdk = { init: () => ({ on: () => undefined, unsubscribeAll: () => undefined }) };
    (window as unknown as { PaymentFormSdk: unknown }).PaymentFormSdk = sdk;
    const ok = loadPaymentFormSdk('https://payments.example/sdk.js');
    expect(loadPaymentFormSdk('https://payments.example/sdk.js')).toBe(ok);
    document.head
      .querySelector('script[src="https://payments.example/sdk.js"]')!
      .dispatchEvent(new Event('load'));
    await expect(ok).resolves.toBe(sdk);
  });
});
