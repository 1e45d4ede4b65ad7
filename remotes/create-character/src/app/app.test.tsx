import { afterEach, describe, expect, it } from 'vitest';
import { createFakeMountProps, mountRemote } from '@companion/remote-kit/testing';
import lifecycles from '../lifecycles.tsx';

describe('create-character remote', () => {
  let unmount: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await unmount?.();
  });

  it.each([
    ['/create-character', 'Create Character'],
    ['/create-character-white', 'Create Character'],
    ['/my-ai', 'My AI'],
  ])('should render %s with a fake shell', async (path, heading) => {
    window.history.replaceState(null, '', path);
    const mounted = await mountRemote(lifecycles, createFakeMountProps('create-character'));
    unmount = mounted.unmount;
    expect(
      mounted.container.querySelector('[data-remote="create-character"]')?.getAttribute('data-build-version'),
    ).toBe('test');
    expect(mounted.container.querySelector('h1')?.textContent).toBe(heading);
  });
});
