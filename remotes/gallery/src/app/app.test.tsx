import { act } from 'react';
import { fireEvent, screen } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import type { BusEventMap, GalleryImage, ShellBus, User } from '@companion/contracts';
import {
  renderRemote,
  testGalleryImage as image,
  testPersonModel,
  testUser,
} from '@companion/remote-kit/testing';
import lifecycles from '../lifecycles.tsx';

const IMAGES = [
  image('g1', { isUnlocked: true, imageUrl: '/api/images/g1.svg' }),
  image('g2', { price: 10 }),
  image('g3', { isUnlocked: true, personModelId: 'm2' }),
];

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

interface Heard {
  login: BusEventMap['auth:login-requested'][];
  insufficient: BusEventMap['tokens:insufficient-requested'][];
  unlocked: BusEventMap['gallery:image-unlocked'][];
}

function shell(user: User, heard: Heard) {
  return (bus: ShellBus) => {
    bus.publish('session:changed', {
      status: user.email ? 'registered' : 'anonymous',
      userId: user.id,
      isSoftDeleted: false,
    });
    bus.publish('user:changed', { user });
    bus.handle('auth:login-requested', (payload) => heard.login.push(payload));
    bus.handle('tokens:insufficient-requested', (payload) => heard.insufficient.push(payload));
    bus.handle('tokens:balance-refresh-requested', () => {});
    bus.subscribe('gallery:image-unlocked', (payload) => heard.unlocked.push(payload));
  };
}

async function render(
  user: User,
  api: (key: string, init: { query?: Record<string, unknown>; body?: unknown }) => unknown,
) {
  const heard: Heard = { login: [], insufficient: [], unlocked: [] };
  const view = await renderRemote(lifecycles, {
    remote: 'gallery',
    path: '/gallery',
    api: (key, init) => {
      if (key === 'GET PersonModel/top')
        return [testPersonModel('m1', { firstName: 'Mia' }), testPersonModel('m2', { firstName: 'Ava' })];
      return api(key, init);
    },
    bus: shell(user, heard),
  });
  await settle();
  return { ...view, heard };
}

const registered = (patch: Partial<User> = {}) => testUser({ email: 'a@example.com', ...patch });

describe('gallery remote', () => {
  it('should show the category grid with locked photos priced and open ones named', async () => {
    const view = await render(registered(), () => IMAGES);
    expect(view.getByRole('heading', { level: 1 }).textContent).toBe('Gallery');
    expect(view.getAllByTestId('gallery-card')).toHaveLength(3);
    expect(view.getByRole('button', { name: 'Unlock photo of Mia for 10 tokens' })).toBeTruthy();
    expect(view.getByRole('button', { name: 'Open photo of Ava' })).toBeTruthy();
    const call = view.transport.calls.find((c) => c.key === 'GET Gallery/get-gallery-images');
    expect(call?.init.query).toEqual({ category: 'realistic', isSecretContentRequested: false });
  });

  it('should hide the secret switch from SFW users and send the flag for NSFW users', async () => {
    const sfw = await render(registered({ isNSFWContent: false }), () => IMAGES);
    expect(sfw.queryByRole('switch', { name: 'Secret photos' })).toBeNull();
    await sfw.unmount();

    const nsfw = await render(registered({ isNSFWContent: true }), () => IMAGES);
    fireEvent.click(nsfw.getByRole('switch', { name: 'Secret photos' }));
    await settle();
    const calls = nsfw.transport.calls.filter((c) => c.key === 'GET Gallery/get-gallery-images');
    expect(calls.at(-1)?.init.query).toEqual({ category: 'realistic', isSecretContentRequested: true });
  });

  it('should fetch the stored category and switch it through the shell', async () => {
    const view = await render(registered(), () => IMAGES);
    fireEvent.click(view.getByRole('button', { name: 'Anime' }));
    await settle();
    const calls = view.transport.calls.filter((c) => c.key === 'GET Gallery/get-gallery-images');
    expect(calls.at(-1)?.init.query).toEqual({ category: 'anime', isSecretContentRequested: false });
    expect(view.rootBus.current('category:changed')).toEqual({ category: 'anime' });
  });

  it('should unlock a photo without a reload and tell the bus', async () => {
    const unlocked: GalleryImage = { ...IMAGES[1]!, isUnlocked: true, imageUrl: '/api/images/full-g2.svg' };
    const view = await render(registered(), (key) => {
      if (key === 'POST Gallery/unlock')
        return { galleryImage: unlocked, remainingTokens: 90, spentTokens: 10 };
      return IMAGES;
    });
    fireEvent.click(view.getByRole('button', { name: 'Unlock photo of Mia for 10 tokens' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock for 10 tokens' }));
    await settle();
    expect(view.transport.calls.find((c) => c.key === 'POST Gallery/unlock')?.init.body).toEqual({
      galleryImageId: 'g2',
    });
    expect(view.heard.unlocked).toEqual([{ galleryImageId: 'g2', personModelId: 'm1' }]);
    const card = view.container.querySelector('[data-id="g2"]');
    expect(card?.getAttribute('data-locked')).toBe('false');
  });

  it('should raise the insufficient-tokens intent for a photo when the balance is short', async () => {
    const view = await render(registered(), (key) => {
      if (key === 'POST Gallery/unlock')
        throw Object.assign(new Error('402'), {
          status: 402,
          kind: 'http',
          body: { error: { code: 'insufficient_tokens' } },
        });
      return IMAGES;
    });
    fireEvent.click(view.getByRole('button', { name: 'Unlock photo of Mia for 10 tokens' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock for 10 tokens' }));
    await settle();
    expect(view.heard.insufficient).toEqual([{ request: 'photo', needed: 10, source: 'gallery' }]);
    expect(view.container.querySelector('[data-id="g2"]')?.getAttribute('data-locked')).toBe('true');
  });

  it('should ask anonymous visitors to sign in instead of unlocking', async () => {
    const view = await render(testUser({ email: null }), () => IMAGES);
    fireEvent.click(view.getByRole('button', { name: 'Unlock photo of Mia for 10 tokens' }));
    await settle();
    expect(view.heard.login).toEqual([{ mode: 'login', source: 'gallery' }]);
    expect(view.transport.calls.some((c) => c.key === 'POST Gallery/unlock')).toBe(false);
  });

  it('should open the lightbox and move with the arrow keys', async () => {
    const view = await render(registered(), () => IMAGES);
    fireEvent.click(view.getByRole('button', { name: 'Open photo of Mia' }));
    const box = await screen.findByTestId('lightbox');
    expect(box.getAttribute('data-id')).toBe('g1');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    await settle();
    expect(document.querySelector('[data-testid="lightbox"]')?.getAttribute('data-id')).toBe('g3');
    expect(document.body.textContent).toContain('Chat with Ava');
  });
});
