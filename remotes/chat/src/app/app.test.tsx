import { afterEach, describe, expect, it } from 'vitest';
import { createFakeMountProps, mountRemote } from '@companion/remote-kit/testing';
import lifecycles from '../lifecycles.tsx';

describe('chat remote', () => {
  let unmount: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await unmount?.();
  });

  it.each([
    ['/chat', 'Chat'],
    ['/chat/c-1', 'Chat'],
  ])('should render %s with a fake shell', async (path, heading) => {
    window.history.replaceState(null, '', path);
    const mounted = await mountRemote(lifecycles, createFakeMountProps('chat'));
    unmount = mounted.unmount;
    expect(mounted.container.querySelector('[data-remote="chat"]')?.getAttribute('data-build-version')).toBe(
      'test',
    );
    expect(mounted.container.querySelector('h1')?.textContent).toBe(heading);
  });
});
