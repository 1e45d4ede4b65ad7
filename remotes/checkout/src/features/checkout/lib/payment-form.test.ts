import { describe, expect, it } from 'vitest';
import * as form from './payment-form.ts';

const event = (type: form.PaymentFormEvent, data: Record<string, unknown> = {}) => ({ type, data });

describe('payment form events (001 §4)', () => {
  it('should name the thirteen SDK events of the spec', () => {
    const spec =
      'mounted, success, fail, orderStatus, error, resize, formRedirect, verify, interaction, submit, customStylesAppended, card, paymentDetails';
    expect(form.PAYMENT_FORM_EVENTS.join(', ')).toBe(spec);
  });

  it('should walk a card payment from the fields to the bank and hand the answer over', () => {
    let phase: form.FormPhase = 'loading';
    phase = form.nextFormPhase(phase, event('mounted', { entity: 'form' }));
    expect(phase).toBe('ready');
    for (const type of ['resize', 'interaction', 'card', 'paymentDetails', 'customStylesAppended'] as const)
      expect(form.nextFormPhase(phase, event(type))).toBe('ready');
    phase = form.nextFormPhase(phase, event('submit'));
    expect(phase).toBe('submitting');
    phase = form.nextFormPhase(phase, event('formRedirect'));
    phase = form.nextFormPhase(phase, event('verify'));
    expect(phase).toBe('verifying');
    expect(form.nextFormPhase(phase, event('success'))).toBe('settled');
    expect(form.nextFormPhase(phase, event('fail', { code: '3.04' }))).toBe('settled');
  });

  it('should settle on an order status past the card step only', () => {
    const status = (s: string) => event('orderStatus', { response: { order: { status: s } } });
    expect(form.nextFormPhase('submitting', status('3ds_verify'))).toBe('submitting');
    expect(form.nextFormPhase('submitting', status('processing'))).toBe('settled');
    expect(form.nextFormPhase('submitting', event('orderStatus'))).toBe('submitting');
  });

  it('should give up on the form after an error, and never leave a final phase', () => {
    expect(form.nextFormPhase('ready', event('error'))).toBe('broken');
    expect(form.nextFormPhase('settled', event('error'))).toBe('settled');
    expect(form.nextFormPhase('broken', event('success'))).toBe('broken');
  });

  it('should read the card brand of a card event only', () => {
    expect(form.cardBrandOf(event('card', { card: { brand: 'VISA', bin: '406742' } }))).toBe('VISA');
    expect(form.cardBrandOf(event('interaction', { card: { brand: 'VISA' } }))).toBeNull();
  });

  it('should name the method a submit event pays with, and theme the wallets against the app', () => {
    expect(form.submittedMethodOf(event('submit', { entity: 'googlebtn' }))).toBe('googlebtn');
    expect(form.submittedMethodOf(event('submit', { entity: 'form' }))).toBe('form');
    expect(form.submittedMethodOf(event('submit', { entity: 'venmo' }))).toBeNull();
    expect(form.submittedMethodOf(event('interaction', { entity: 'applebtn' }))).toBeNull();
    expect(form.walletThemeFor('dark')).toBe('monochrome-light');
    expect(form.walletThemeFor('light')).toBe('monochrome-dark');
  });
});

describe('loadPaymentFormSdk', () => {
  it('should reject when the script fails to load (001 §8), and try again next time', async () => {
    const url = 'https://payments.example/missing-sdk.js';
    const first = form.loadPaymentFormSdk(url);
    const script = document.head.querySelector<HTMLScriptElement>(`script[src="${url}"]`)!;
    script.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(/failed to load/);
    expect(document.head.querySelector(`script[src="${url}"]`)).toBeNull();
    const second = form.loadPaymentFormSdk(url);
    expect(second).not.toBe(first);
    document.head.querySelector(`script[src="${url}"]`)!.dispatchEvent(new Event('error'));
    await expect(second).rejects.toThrow();
  });

  it('should reject a script that defines no SDK and resolve one that does', async () => {
    const empty = form.loadPaymentFormSdk('https://payments.example/empty.js');
    document.head
      .querySelector('script[src="https://payments.example/empty.js"]')!
      .dispatchEvent(new Event('load'));
    await expect(empty).rejects.toThrow(/defined no PaymentFormSdk/);
    const sdk = { init: () => ({ on: () => undefined, unsubscribeAll: () => undefined }) };
    (window as unknown as { PaymentFormSdk: unknown }).PaymentFormSdk = sdk;
    const ok = form.loadPaymentFormSdk('https://payments.example/sdk.js');
    expect(form.loadPaymentFormSdk('https://payments.example/sdk.js')).toBe(ok);
    document.head
      .querySelector('script[src="https://payments.example/sdk.js"]')!
      .dispatchEvent(new Event('load'));
    await expect(ok).resolves.toBe(sdk);
  });
});
