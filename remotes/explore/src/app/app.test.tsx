import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PersonModel, ShellBus, TransportRequest, User } from '@companion/contracts';
import {
  createFakeMountProps,
  createFakeTransport,
  mountRemote,
  testPersonModel,
  testUser,
} from '@companion/remote-kit/testing';
import lifecycles from '../lifecycles.tsx';

const model = testPersonModel;

const MODELS = [
  model('r1'),
  model('r2', { isLocked: true }),
  model('a1', { isAnime: true }),
  model('p1', { isPremium: true, isLockedPremiumModel: true }),
];

const user = (patch: Partial<User> = {}): User =>
  testUser({ email: 'a@example.com', userName: null, ...patch });

type Handler = (key: string, init: TransportRequest) => unknown;

async function mount(path: string, handler: Handler, setup?: (bus: ShellBus) => void) {
  window.history.replaceState(null, '', path);
  const transport = createFakeTransport(handler);
  const props = createFakeMountProps('explore', { transport });
  setup?.(props.rootBus);
  const mounted = await mountRemote(lifecycles, props);
  return { ...mounted, rootBus: props.rootBus, transport };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
/** Settles until `find` answers (a lazily loaded dialog), at most 50 rounds. */
async function settleUntil<T>(find: () => T | null | undefined): Promise<T | null | undefined> {
  for (let round = 0; round < 50 && !find(); round += 1) await settle();
  return find();
}

describe('explore remote', () => {
  let unmount: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await unmount?.();
    unmount = undefined;
  });

  it.each([
    ['/?category=realistic', 'Explore'],
    ['/premium-models', 'Premium Models'],
  ])('should render %s with a fake shell', async (path, heading) => {
    const mounted = await mount(path, () => MODELS);
    unmount = mounted.unmount;
    expect(
      mounted.container.querySelector('[data-remote="explore"]')?.getAttribute('data-build-version'),
    ).toBe('test');
    expect(mounted.container.querySelector('h1')?.textContent).toBe(heading);
  });

  it('should show 12 skeletons until the list arrives, then the realistic cards', async () => {
    let resolve!: (models: PersonModel[]) => void;
    const pending = new Promise<PersonModel[]>((r) => (resolve = r));
    const mounted = await mount('/?category=realistic', () => pending);
    unmount = mounted.unmount;
    expect(mounted.container.querySelectorAll('[data-skeleton="card"]')).toHaveLength(12);
    // The public list is fetched without a token while the session is unknown.
    expect(mounted.transport.calls[0]).toMatchObject({ key: 'GET PersonModel/top' });
    expect(mounted.transport.calls[0]?.init.ignoreAuthorization).toBe(true);
    resolve(MODELS);
    await settle();
    const ids = [...mounted.container.querySelectorAll('[data-testid="model-card"]')].map((card) =>
      card.getAttribute('data-model-id'),
    );
    expect(ids).toEqual(['r1', 'r2', 'p1']);
    // WCAG 2.5.3 (axe label-content-name-mismatch): no aria-label over other words; the name is built from what the
    // card shows (its text, the hidden commas and lock included), so it holds the visible text in order.
    const words = (text: string) =>
      text
        .toLowerCase()
        .match(/[a-z0-9]+/g)
        ?.join(' ') ?? '';
    for (const card of mounted.container.querySelectorAll('[data-testid="model-card"]')) {
      expect(card.hasAttribute('aria-label')).toBe(false);
      const visible = [...card.querySelectorAll('span')]
        .filter((span) => span.children.length === 0 && span.getAttribute('aria-hidden') !== 'true')
        .map((span) => span.textContent ?? '')
        .join(' ');
      expect(words(visible)).not.toBe('');
      expect(words(card.textContent ?? '')).toContain(words(visible));
    }
  });

  it('should ask a first-time visitor and store and track the answer on the bus', async () => {
    const published: string[] = [];
    const mounted = await mount(
      '/',
      () => MODELS,
      (bus) => {
        bus.subscribe('category:changed', ({ category }) => published.push(`category:${category}`));
        bus.subscribe('analytics:event-tracked', ({ name }) => published.push(name));
      },
    );
    unmount = mounted.unmount;
    await settle();
    const popup = await settleUntil(() => document.querySelector('[data-testid="welcome-popup"]'));
    expect(popup).not.toBeNull();
    const anime = [...popup!.querySelectorAll('button')].find((b) => b.textContent?.includes('Anime'))!;
    await act(async () => anime.click());
    expect(published).toEqual(['welcome_popup_category_selected', 'category:anime']);
    expect(document.querySelector('[data-testid="welcome-popup"]')).toBeNull();
    expect(mounted.container.querySelector('[data-page="/"]')?.getAttribute('data-filter')).toBe('anime');
  });

  it('should not ask when a preference is stored', async () => {
    const mounted = await mount(
      '/',
      () => MODELS,
      (bus) => bus.publish('category:changed', { category: 'anime' }),
    );
    unmount = mounted.unmount;
    // The popup loads lazily: give it every chance to appear before asserting it does not.
    await settleUntil(() => document.querySelector('[data-testid="welcome-popup"]'));
    expect(document.querySelector('[data-testid="welcome-popup"]')).toBeNull();
    expect(mounted.container.querySelector('[data-page="/"]')?.getAttribute('data-filter')).toBe('anime');
  });

  it('should publish the paywall intent with the period offer when the time-bomb banner is clicked', async () => {
    const paywall = vi.fn();
    const mounted = await mount(
      '/?category=realistic',
      () => MODELS,
      (bus) => {
        bus.publish('user:changed', { user: user({ periodInMonths: 'annually' }) });
        bus.handle('paywall:open-requested', paywall);
      },
    );
    unmount = mounted.unmount;
    const banner = mounted.container.querySelector<HTMLButtonElement>('[data-testid="time-bomb-banner"]')!;
    expect(banner.textContent).toContain('Collect 150 FREE Tokens');
    expect(banner.querySelector('[role="timer"]')?.textContent).toBe('9:59');
    await act(async () => banner.click());
    expect(paywall).toHaveBeenCalledWith(
      expect.objectContaining({
        paywallType: 'tokens',
        source: 'explore_time_bomb',
        offer: expect.objectContaining({ productAmount: 1150 }),
      }),
    );
  });

  it('should unlock a locked character for a subscriber, then announce it and open its chat', async () => {
    const events: string[] = [];
    const mounted = await mount(
      '/?category=realistic',
      (key, init) => {
        if (key === 'POST PersonModel/unlock') {
          expect(init.body).toEqual({ PersonModelId: 'r2' });
          return { personModel: MODELS[1], remainingTokens: 10, spentTokens: 30 };
        }
        return MODELS;
      },
      (bus) => {
        bus.publish('session:changed', { status: 'registered', userId: 'u1', isSoftDeleted: false });
        bus.publish('user:changed', {
          user: user({ activeSubscription: {} as NonNullable<User['activeSubscription']> }),
        });
        bus.subscribe('character:unlocked', ({ personModelId }) => events.push(`unlocked:${personModelId}`));
        bus.handle('tokens:balance-refresh-requested', () => events.push('balance'));
      },
    );
    unmount = mounted.unmount;
    await settle();
    const card = mounted.container.querySelector<HTMLButtonElement>('[data-model-id="r2"]')!;
    await act(async () => card.click());
    const confirm = await settleUntil(() =>
      [...document.querySelectorAll('[role="dialog"] button')].find((b) => b.textContent === 'Unlock'),
    );
    await act(async () => (confirm as HTMLButtonElement).click());
    await settle();
    expect(events).toEqual(['unlocked:r2', 'balance']);
    expect(window.location.pathname + window.location.search).toBe('/chat?modelId=r2');
  });
});
