import { afterEach, describe, expect, it } from 'vitest';
import { createFakeMountProps, mountRemote } from '@companion/remote-kit/testing';
import lifecycles from '../lifecycles.tsx';

describe('gallery remote', () => {
  let unmount: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await unmount?.();
  });

  it.each([['/gallery', 'Gallery']])('should render %s with a fake shell', async (path, heading) => {
    window.history.replaceState(null, '', path);
    const mounted = await mountRemote(lifecycles, createFakeMountProps('gallery'));
    unmount = mounted.unmount;
    expect(
      mounted.container.querySelector('[data-remote="gallery"]')?.getAttribute('data-build-version'),
    ).toBe('test');
    expect(mounted.container.querySelector('h1')?.textContent).toBe(heading);
  });
});
