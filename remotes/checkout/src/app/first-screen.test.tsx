import { describe, expect, it } from 'vitest';
import { firstLoadKey } from '@companion/contracts';
import { testProduct } from '@companion/remote-kit/testing';
import { renderFirstScreen } from '../server.tsx';
import { prepareFirstScreen } from './app.tsx';

// ADR 0455: `/pricing`'s first screen from the server, with the plans the origin inlined for the visitor's country.
const MAIN = { id: 'main', name: '', fontFamily: '', supportEmail: '' } as const;
const PLANS = [
  testProduct('sub-1m'),
  testProduct('sub-12m', { title: 'Year', periodType: 'year', periodInMonths: 12, isPopular: true }),
];

describe("checkout's first screen", () => {
  it("should be the main app's /pricing only, and not a provider's return", async () => {
    expect(await prepareFirstScreen('/pricing', MAIN, '')).toBe(true);
    expect(await prepareFirstScreen('/pricing/', MAIN, '?utm_source=tiktok')).toBe(true);
    // The return's modal reads the payment this browser kept (001 §2 return parameters).
    expect(await prepareFirstScreen('/pricing', MAIN, '?orderId=o-1&purchaseType=subscription')).toBe(false);
    expect(await prepareFirstScreen('/pricing', MAIN, '?subscription_id=s-1')).toBe(false);
    expect(await prepareFirstScreen('/pricing', { ...MAIN, id: 'fakeChat' }, '')).toBe(false);
    for (const path of ['/tokens', '/magic-page-pricing', '/magic-page-tokens'])
      expect(await prepareFirstScreen(path, MAIN, '')).toBe(false);
  });

  it('should render the inlined plans before any user, with the action waiting for the provider', async () => {
    const screen = await renderFirstScreen({
      path: '/pricing',
      search: '',
      brand: 'main',
      theme: 'dark',
      answers: { [firstLoadKey('Payments/subscription-products')]: PLANS },
    });
    expect(screen?.html).toContain('>Pricing</h1>');
    expect([...(screen?.html ?? '').matchAll(/data-testid="plan-([^"]+)"/g)].map((m) => m[1])).toEqual([
      'sub-1m',
      'sub-12m',
    ]);
    expect(screen?.html).toContain('data-testid="checkout-provider-pending"');
  });

  it('should render the placeholders when the page holds no plans (the API did not answer in time)', async () => {
    const screen = await renderFirstScreen({ path: '/pricing', search: '', brand: 'main', theme: 'dark' });
    expect(screen?.html).toContain('>Pricing</h1>');
    expect(screen?.html).not.toContain('data-testid="plan-');
    const malformed = await renderFirstScreen({
      path: '/pricing',
      search: '',
      brand: 'main',
      theme: 'dark',
      answers: { [firstLoadKey('Payments/subscription-products')]: [{ id: 1 }] },
    });
    expect(malformed?.html).not.toContain('data-testid="plan-');
  });
});
