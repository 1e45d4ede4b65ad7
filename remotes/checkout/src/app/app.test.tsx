import { afterEach, describe, expect, it } from 'vitest';
import { createFakeMountProps, mountRemote } from '@companion/remote-kit/testing';
import lifecycles from '../lifecycles.tsx';

describe('checkout remote', () => {
  let unmount: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await unmount?.();
  });

  it.each([
    ['/pricing', 'Pricing'],
    ['/magic-page-pricing', 'Pricing'],
    ['/tokens', 'Buy Tokens'],
    ['/magic-page-tokens', 'Buy Tokens'],
  ])('should render %s with a fake shell', async (path, heading) => {
    window.history.replaceState(null, '', path);
    const mounted = await mountRemote(lifecycles, createFakeMountProps('checkout'));
    unmount = mounted.unmount;
    expect(
      mounted.container.querySelector('[data-remote="checkout"]')?.getAttribute('data-build-version'),
    ).toBe('test');
    expect(mounted.container.querySelector('h1')?.textContent).toBe(heading);
  });
});
