import { afterEach, describe, expect, it } from 'vitest';
import { createFakeMountProps, mountRemote } from '@companion/remote-kit/testing';
import lifecycles from '../lifecycles.tsx';

describe('funnels remote', () => {
  let unmount: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await unmount?.();
  });

  it.each([
    ['/quiz-vip', 'Quiz'],
    ['/4901/chat', 'Quiz'],
    ['/chat-landing/7', 'Chat'],
    ['/affiliates', 'Affiliates'],
  ])('should render %s with a fake shell', async (path, heading) => {
    window.history.replaceState(null, '', path);
    const mounted = await mountRemote(lifecycles, createFakeMountProps('funnels'));
    unmount = mounted.unmount;
    expect(
      mounted.container.querySelector('[data-remote="funnels"]')?.getAttribute('data-build-version'),
    ).toBe('test');
    expect(mounted.container.querySelector('h1')?.textContent).toBe(heading);
  });
});
