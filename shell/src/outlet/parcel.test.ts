import { describe, expect, it, vi } from 'vitest';
import { createFakeMountProps } from '@companion/remote-kit/testing';
import { MountTimeoutError, mountParcel } from './parcel.ts';

describe('mountParcel', () => {
  it('should call bootstrap and mount with the props, the name and the element, then unmount once', async () => {
    const calls: string[] = [];
    const lifecycles = {
      bootstrap: vi.fn(async () => void calls.push('bootstrap')),
      mount: vi.fn(async () => void calls.push('mount')),
      unmount: vi.fn(async () => void calls.push('unmount')),
    };
    const element = document.createElement('div');
    const props = createFakeMountProps('gallery');
    const parcel = await mountParcel(lifecycles, element, props);
    expect(lifecycles.mount).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'gallery:route', domElement: element, remote: 'gallery' }),
    );
    await parcel.unmount();
    await parcel.unmount();
    expect(calls).toEqual(['bootstrap', 'mount', 'unmount']);
  });

  it('should reject when mount throws', async () => {
    const lifecycles = {
      bootstrap: async () => {},
      mount: async () => Promise.reject(new Error('boom')),
      unmount: async () => {},
    };
    await expect(
      mountParcel(lifecycles, document.createElement('div'), createFakeMountProps('chat')),
    ).rejects.toThrow('boom');
  });

  it('should time out a mount that never settles', async () => {
    vi.useFakeTimers();
    const lifecycles = {
      bootstrap: async () => {},
      mount: () => new Promise<never>(() => {}),
      unmount: async () => {},
    };
    const pending = mountParcel(
      lifecycles,
      document.createElement('div'),
      createFakeMountProps('chat'),
      1000,
    );
    const assertion = expect(pending).rejects.toBeInstanceOf(MountTimeoutError);
    await vi.advanceTimersByTimeAsync(1001);
    await assertion;
    vi.useRealTimers();
  });
});
