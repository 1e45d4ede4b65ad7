import { act } from 'react';
import { fireEvent } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import type { BusEventMap, ShellBus, TransportRequest, User } from '@companion/contracts';
import { renderRemote, testPersonModel, testUser } from '@companion/remote-kit/testing';
import type { BatchAnswer } from '../features/generator/lib/batch.ts';
import lifecycles from '../lifecycles.tsx';

const MIA = '0b5c0b4e-6f1a-4c55-9a7e-2d1f7a3c9e11';
const BATCH = '7d1e2f3a-4b5c-4d6e-8f70-1a2b3c4d5e6f';
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const user = (patch: Partial<User> = {}) => testUser({ email: 'a@example.com', ...patch });

const answer = (batchId: string, patch: Partial<BatchAnswer> = {}): BatchAnswer => ({
  batchId,
  status: 'done',
  requested: 2,
  price: 10,
  refundedTokens: 0,
  images: ['i1', 'i2'].map((id) => ({
    id,
    imageUrl: `/api/images/${id}.svg`,
    personModelId: MIA,
    batchId,
    createdAt: '2026-11-24T00:00:00.000Z',
  })),
  ...patch,
});

const httpError = (status: number, code: string, field?: string) =>
  Object.assign(new Error(code), { status, kind: 'http', body: { error: { code, field } } });

type Api = (key: string, init: TransportRequest) => unknown;

async function render(path: string, api: Api, who: User = user()) {
  const heard = {
    insufficient: [] as BusEventMap['tokens:insufficient-requested'][],
    login: [] as BusEventMap['auth:login-requested'][],
    refresh: 0,
  };
  const view = await renderRemote(lifecycles, {
    remote: 'photo-generation',
    path,
    api: (key, init) => {
      if (key === 'GET PersonModel/get-created-persons') return [];
      if (key === 'GET PersonModel/top') return [testPersonModel(MIA, { firstName: 'Mia' })];
      if (key === 'GET Image/standalone-images') return [];
      return api(key, init);
    },
    bus: (bus: ShellBus) => {
      bus.publish('session:changed', {
        status: who.email ? 'registered' : 'anonymous',
        userId: who.id,
        isSoftDeleted: false,
      });
      bus.publish('user:changed', { user: who });
      bus.handle('tokens:insufficient-requested', (payload) => heard.insufficient.push(payload));
      bus.handle('auth:login-requested', (payload) => heard.login.push(payload));
      bus.handle('tokens:balance-refresh-requested', () => (heard.refresh += 1));
    },
  });
  await settle();
  return { ...view, heard };
}

describe('photo-generation remote', () => {
  it('should show the exact price on the button and send the chosen character, pose, scene and count', async () => {
    const price = user().userPricingInfo.tokenPriceForImage;
    const view = await render('/ai-girlfriend-generator', (key, init) =>
      key === 'POST Image/generate-batch-images'
        ? { ...answer((init.body as { batchId: string }).batchId), remainingTokens: 90 }
        : undefined,
    );
    expect(view.getByRole('heading', { level: 1 }).textContent).toBe('Photo Generation');
    fireEvent.click(view.getByRole('button', { name: 'Mia' }));
    fireEvent.click(view.getByRole('button', { name: 'Sitting' }));
    fireEvent.click(view.getByRole('button', { name: 'Beach' }));
    fireEvent.click(view.getByRole('button', { name: '3' }));
    await settle();
    expect(view.getByRole('button', { name: `Generate 3 photos for ${3 * price} tokens` })).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: '2' }));
    await settle();
    fireEvent.click(view.getByRole('button', { name: `Generate 2 photos for ${2 * price} tokens` }));
    await settle();
    const call = view.transport.calls.find((c) => c.key === 'POST Image/generate-batch-images');
    expect(call?.init.body).toMatchObject({
      count: 2,
      pose: 'sitting',
      background: 'beach',
      personModelId: MIA,
    });
    expect(view.getAllByTestId('generated-photo')).toHaveLength(2);
    expect(view.heard.refresh).toBe(1);
  });

  it('should fill each slot as its photo is ready, while the generation is still running', async () => {
    let images = 0;
    const view = await render('/ai-girlfriend-generator', (key, init) => {
      if (key === 'POST Image/generate-batch-images') return new Promise(() => undefined);
      if (key.startsWith('GET Image/batches/')) {
        const full = answer(key.slice('GET Image/batches/'.length));
        images += 1;
        return { ...full, status: 'pending', images: full.images.slice(0, Math.min(images, 1)) };
      }
      return init.method;
    });
    fireEvent.click(view.getByRole('button', { name: /^Generate 2 photos/ }));
    await settle();
    expect(view.getAllByTestId('pending-photo')).toHaveLength(2);
    expect(view.getByTestId('batch-progress').textContent).toBe('0 of 2 ready');
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(view.getAllByTestId('generated-photo')).toHaveLength(1);
    expect(view.getAllByTestId('pending-photo')).toHaveLength(1);
    expect(view.getByTestId('batch-progress').textContent).toBe('1 of 2 ready');
  });

  it('should offer the outfits the engine draws and send the one chosen', async () => {
    const view = await render('/ai-girlfriend-generator', (key, init) =>
      key === 'POST Image/generate-batch-images'
        ? { ...answer((init.body as { batchId: string }).batchId), remainingTokens: 90 }
        : undefined,
    );
    const outfits = view.getByRole('group', { name: 'Outfit' });
    expect(outfits.querySelectorAll('button')).toHaveLength(6);
    fireEvent.click(view.getByRole('button', { name: 'Evening gown' }));
    await settle();
    expect(view.history.location.search).toContain('outfit=evening');
    fireEvent.click(view.getByRole('button', { name: /^Generate 2 photos/ }));
    await settle();
    const call = view.transport.calls.find((c) => c.key === 'POST Image/generate-batch-images');
    expect(call?.init.body).toMatchObject({ outfit: 'evening' });
  });

  it('should show an automatic refund when the engine fails', async () => {
    const view = await render('/ai-girlfriend-generator', (key) => {
      if (key === 'POST Image/generate-batch-images') throw httpError(502, 'image_engine_failed');
      if (key.startsWith('GET Image/batches/'))
        return answer(key.slice('GET Image/batches/'.length), {
          status: 'failed',
          refundedTokens: 10,
          images: [],
        });
      return undefined;
    });
    fireEvent.click(view.getByTestId('generate-button'));
    await settle();
    await settle();
    expect(view.getAllByTestId('refunded-photo')).toHaveLength(2);
    expect(view.getByTestId('refund-notice').textContent).toBe(
      'The generator failed. 10 tokens were refunded to your balance.',
    );
  });

  it('should raise the insufficient-tokens intent for a photo when the balance is short', async () => {
    const view = await render('/ai-girlfriend-generator?count=4', (key) => {
      if (key === 'POST Image/generate-batch-images') throw httpError(402, 'insufficient_tokens');
      return undefined;
    });
    fireEvent.click(view.getByTestId('generate-button'));
    await settle();
    const price = user().userPricingInfo.tokenPriceForImage;
    expect(view.heard.insufficient).toEqual([
      { request: 'photo', needed: 4 * price, source: 'photo-generation' },
    ]);
    expect(view.queryByTestId('current-batch')).toBeNull();
  });

  it('should explain refused input in words', async () => {
    const view = await render(`/ai-girlfriend-generator?character=${MIA}`, (key) => {
      if (key === 'POST Image/generate-batch-images') throw httpError(403, 'forbidden');
      return undefined;
    });
    fireEvent.click(view.getByTestId('generate-button'));
    await settle();
    expect(view.getByRole('alert').textContent).toBe(
      'This character is private. Pick one of yours or a public one.',
    );
  });

  it('should resume a batch named in the URL without sending it again', async () => {
    let polls = 0;
    const view = await render(`/ai-girlfriend-generator?batch=${BATCH}`, (key) => {
      if (key === `GET Image/batches/${BATCH}`) {
        polls += 1;
        return answer(BATCH);
      }
      return undefined;
    });
    await settle();
    expect(polls).toBe(1);
    expect(view.getAllByTestId('generated-photo')).toHaveLength(2);
    expect(view.transport.calls.some((c) => c.key === 'POST Image/generate-batch-images')).toBe(false);
    expect(window.location.search).toBe('');
  });

  it('should ask anonymous visitors to sign in before generating', async () => {
    const view = await render('/ai-girlfriend-generator', () => undefined, testUser({ email: null }));
    fireEvent.click(view.getByTestId('generate-button'));
    await settle();
    expect(view.heard.login).toEqual([{ mode: 'login', source: 'photo-generation' }]);
    expect(view.transport.calls.some((c) => c.key === 'POST Image/generate-batch-images')).toBe(false);
  });
});
