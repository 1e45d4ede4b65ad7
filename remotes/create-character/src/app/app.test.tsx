import { describe, expect, it } from 'vitest';
import { act, fireEvent, waitFor } from '@testing-library/react';
import type { BusEventMap, CharacterDraft, IntentName, ShellBus } from '@companion/contracts';
import { renderRemote, testPersonModel, testUser, type FakeApi } from '@companion/remote-kit/testing';
import { DRAFT_KEY, emptyDraft } from '../lib/draft/draft.ts';
import lifecycles from '../lifecycles.tsx';

const complete: CharacterDraft = {
  ...emptyDraft(),
  style: 'anime',
  age: 22,
  ethnicity: 'asian',
  eyes: 'violet',
  hairStyle: 'twintails',
  hairColor: 'pink',
  body: { body: 'slim', breast: null, butt: null },
  personality: 'playful',
  connectionType: 'friend',
  name: 'Yui',
};

const signedIn =
  ({ balance = 500, nsfw = false, v2 = false } = {}) =>
  (bus: ShellBus) => {
    bus.publish('session:changed', { status: 'registered', userId: 'u1', isSoftDeleted: false });
    const user = testUser({ isNSFWContent: nsfw });
    user.userFeatures = { ...user.userFeatures, newCharacterCreationEntryPointV2: v2 };
    bus.publish('user:changed', { user });
    bus.publish('tokens:balance-changed', {
      balance: { remainingTokens: balance, spentTokens: 0, nextDailyTokenClaimDate: null },
    });
  };

const stored = (step: string, draft: CharacterDraft = complete) =>
  window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ version: 1, step, draft }));

function record<K extends keyof BusEventMap>(bus: ShellBus, name: K): BusEventMap[K][] {
  const seen: BusEventMap[K][] = [];
  bus.subscribe(name, (payload) => seen.push(payload));
  return seen;
}

/** Registers the shell's handler of an intent (before the mount) and records what it receives. */
function intent<K extends IntentName>(name: K) {
  const seen: BusEventMap[K][] = [];
  return { seen, install: (bus: ShellBus) => void bus.handle(name, (payload) => seen.push(payload)) };
}

/** The wizard, with the shell's side of the bus set up by `bus`. */
function renderWizard(bus: (bus: ShellBus) => void, api?: FakeApi) {
  return renderRemote(lifecycles, {
    remote: 'create-character',
    path: '/create-character',
    bus,
    ...(api && { api }),
  });
}

describe('create-character remote', () => {
  it.each([
    ['/create-character', 'Create Character'],
    ['/create-character-white', 'Create Character'],
    ['/my-ai', 'My AI'],
  ])('should render %s with a fake shell', async (path, heading) => {
    window.sessionStorage.clear();
    const view = await renderRemote(lifecycles, { remote: 'create-character', path });
    expect(
      view.container.querySelector('[data-remote="create-character"]')?.getAttribute('data-build-version'),
    ).toBe('test');
    expect(view.container.querySelector('h1')?.textContent).toBe(heading);
  });

  describe('wizard', () => {
    it('should explain what is missing, move on when chosen, store the step and go back', async () => {
      window.sessionStorage.clear();
      const view = await renderWizard(signedIn());
      expect(view.getByText('Step 1 of 8')).toBeTruthy();
      fireEvent.click(view.getByRole('button', { name: 'Next' }));
      expect(view.getByRole('alert').textContent).toBe('Choose realistic or anime to continue.');
      fireEvent.click(view.getByRole('radio', { name: 'Realistic' }));
      expect(view.queryByRole('alert')).toBeNull();
      fireEvent.click(view.getByRole('button', { name: 'Next' }));
      expect(view.getByText('Step 2 of 8')).toBeTruthy();
      expect(view.getByRole('heading', { level: 2 }).textContent).toBe('Her face');
      const saved = JSON.parse(window.sessionStorage.getItem(DRAFT_KEY)!);
      expect(saved.step).toBe('face');
      expect(saved.draft.style).toBe('realistic');
      expect(view.queryByRole('group', { name: /Race/ })).toBeNull();
      fireEvent.click(view.getByRole('button', { name: 'Back' }));
      expect(view.getByText('Step 1 of 8')).toBeTruthy();
    });

    it('should move on as soon as a style is picked with the V2 entry point, and wait for Next without it', async () => {
      window.sessionStorage.clear();
      const v2 = await renderWizard(signedIn({ v2: true }));
      fireEvent.click(v2.getByRole('radio', { name: 'Anime' }));
      expect(v2.getByText('Step 2 of 8')).toBeTruthy();
      const saved = JSON.parse(window.sessionStorage.getItem(DRAFT_KEY)!);
      expect(saved).toMatchObject({ step: 'face', draft: { style: 'anime' } });
      // Back on the first step, a second pick moves on again.
      fireEvent.click(v2.getByRole('button', { name: 'Back' }));
      fireEvent.click(v2.getByRole('radio', { name: 'Realistic' }));
      expect(v2.getByText('Step 2 of 8')).toBeTruthy();
      await v2.unmount();
      window.sessionStorage.clear();
      const v1 = await renderWizard(signedIn());
      fireEvent.click(v1.getByRole('radio', { name: 'Anime' }));
      expect(v1.getByText('Step 1 of 8')).toBeTruthy();
    });

    it('should resume a stored draft at its step and show anime-only and adult-only choices by audience', async () => {
      stored('body');
      const safe = await renderWizard(signedIn());
      expect(safe.getByText('Step 4 of 8')).toBeTruthy();
      expect(safe.queryByRole('group', { name: /Breast size/ })).toBeNull();
      await safe.unmount();
      const adult = await renderWizard(signedIn({ nsfw: true }));
      expect(adult.getByRole('group', { name: /Breast size/ })).toBeTruthy();
    });

    it('should show the price on the create button and ask an anonymous visitor to sign in', async () => {
      stored('summary');
      const login = intent('auth:login-requested');
      const view = await renderWizard((bus) => {
        login.install(bus);
        bus.publish('session:changed', { status: 'anonymous', userId: 'g1', isSoftDeleted: false });
      });
      const logins = login.seen;
      fireEvent.click(view.getByRole('button', { name: /Create her/ }));
      await waitFor(() => expect(logins).toEqual([{ mode: 'login', source: 'create-character' }]));
      expect(view.transport.calls.filter((call) => call.init.method === 'POST')).toEqual([]);
    });

    it('should raise the insufficient-tokens intent when the balance is short and spend nothing', async () => {
      stored('summary');
      const insufficient = intent('tokens:insufficient-requested');
      const view = await renderWizard((bus) => {
        insufficient.install(bus);
        signedIn({ balance: 40 })(bus);
      });
      const short = insufficient.seen;
      const button = view.getByRole('button', { name: /Create her/ });
      expect(button.textContent).toContain('100 tokens');
      fireEvent.click(button);
      await waitFor(() =>
        expect(short).toEqual([{ request: 'character', needed: 100, source: 'create-character' }]),
      );
      expect(view.transport.calls.filter((call) => call.init.method === 'POST')).toEqual([]);
    });

    it('should create an anime character, clear the draft and open its chat by URL', async () => {
      stored('summary');
      let body: unknown;
      const balanceRefresh = intent('tokens:balance-refresh-requested');
      const view = await renderWizard(
        (bus) => {
          balanceRefresh.install(bus);
          signedIn()(bus);
        },
        {
          'POST PersonModel/create-anime-person': (init: { body: unknown }) => {
            body = init.body;
            return testPersonModel('new-1', { firstName: 'Yui', isAnime: true });
          },
        },
      );
      const refresh = balanceRefresh.seen;
      const tracked = record(view.rootBus, 'analytics:event-tracked');
      await act(async () => {
        fireEvent.click(view.getByRole('button', { name: /Create her/ }));
      });
      await waitFor(() => expect(view.history.location.pathname).toBe('/chat'));
      expect(view.history.location.search).toBe('?modelId=new-1');
      expect(body).toMatchObject({
        style: 'anime',
        name: 'Yui',
        traits: { kink: 50, libido: 50, nudity: 50 },
      });
      expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
      expect(refresh).toHaveLength(1);
      expect(tracked.map((event) => event.name)).toContain('character_created');
    });

    it('should send the user back to the step owning a field the server refused', async () => {
      stored('summary', { ...complete, style: 'realistic' });
      const view = await renderWizard(signedIn(), {
        'POST PersonModel/create': () => {
          throw Object.assign(new Error('bad'), {
            kind: 'http',
            status: 400,
            body: { error: { code: 'validation_failed', field: 'hairColor', message: 'x' } },
          });
        },
      });
      await act(async () => {
        fireEvent.click(view.getByRole('button', { name: /Create her/ }));
      });
      await waitFor(() => expect(view.getByText('Step 3 of 8')).toBeTruthy());
      expect(view.getByRole('alert').textContent).toContain('hairColor');
    });
  });

  describe('card import', () => {
    it.each([
      [429, 'rate_limited', 'You are importing cards too quickly. Wait a few seconds and try again.'],
      [503, 'server_busy', 'We are busy reading other cards right now. Try again in a few seconds.'],
    ])(
      'should say a %s %s import can be tried again in a moment, not that the file is bad',
      async (status, code, text) => {
        window.sessionStorage.clear();
        const view = await renderWizard(signedIn(), {
          'POST PersonModel/import-card': () => {
            throw Object.assign(new Error('refused'), {
              kind: 'http',
              status,
              body: { error: { code, message: 'x' } },
            });
          },
        });
        const upload = view.getByLabelText('Import a character card (PNG or JSON)');
        await act(async () => {
          fireEvent.change(upload, {
            target: {
              files: [
                // jsdom's File has no arrayBuffer(); the import reads the bytes with it.
                Object.assign(new File(['{"name":"Ava"}'], 'ava.json', { type: 'application/json' }), {
                  arrayBuffer: async () => new TextEncoder().encode('{"name":"Ava"}').buffer,
                }),
              ],
            },
          });
        });
        await waitFor(() => expect(view.getByRole('alert').textContent).toBe(text));
      },
    );
  });

  describe('my ai', () => {
    it('should list own characters, delete one with undo and rename with validation', async () => {
      const models = [
        testPersonModel('a', { firstName: 'Ann', createdAt: '2026-11-20T08:00:00.000Z' }),
        testPersonModel('b', { firstName: 'Bea', createdAt: '2026-11-23T08:00:00.000Z' }),
      ];
      const view = await renderRemote(lifecycles, {
        remote: 'create-character',
        path: '/my-ai',
        bus: signedIn(),
        api: {
          'GET PersonModel/get-created-persons': () => models,
          'POST PersonModel/delete-model': {},
          'POST PersonModel/restore-model': {},
          'POST PersonModel/rename-model': (init: { body: { name: string } }) =>
            testPersonModel('a', { firstName: init.body.name }),
        },
      });
      await waitFor(() => expect(view.getByRole('link', { name: 'Chat with Ann' })).toBeTruthy());
      expect(view.getByRole('link', { name: 'Chat with Ann' }).getAttribute('href')).toBe('/chat?modelId=a');
      // Newest first, each with its created date; the order can be changed.
      const names = () => view.getAllByRole('link', { name: /^Chat with/ }).map((link) => link.textContent);
      expect(names()[0]).toContain('Bea');
      expect(view.getAllByTestId('created-date').map((time) => time.textContent)).toEqual([
        'Created 23 Nov 2026',
        'Created 20 Nov 2026',
      ]);
      fireEvent.click(view.getByRole('button', { name: 'Oldest' }));
      expect(names()[0]).toContain('Ann');
      await act(async () => {
        fireEvent.click(view.getByRole('button', { name: 'Delete Bea' }));
      });
      await waitFor(() => expect(view.getByRole('status').textContent).toContain('Bea was deleted.'));
      expect(view.queryByRole('link', { name: 'Chat with Bea' })).toBeNull();
      await act(async () => {
        fireEvent.click(view.getByRole('button', { name: 'Undo' }));
      });
      await waitFor(() => expect(view.getByRole('link', { name: 'Chat with Bea' })).toBeTruthy());
      expect(view.transport.calls.map((call) => call.key)).toEqual(
        expect.arrayContaining(['POST PersonModel/delete-model', 'POST PersonModel/restore-model']),
      );

      fireEvent.click(view.getByRole('button', { name: 'Rename Ann' }));
      const dialog = await waitFor(() => document.querySelector('[role="dialog"]') as HTMLElement);
      // A default 600 px modal (000 §2.5: only the daily bonus is 440).
      expect(document.querySelector('[data-size]')?.getAttribute('data-size')).toBe('md');
      const input = dialog.querySelector('input')!;
      fireEvent.change(input, { target: { value: '<b>' } });
      fireEvent.click(Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Save')!);
      expect(dialog.textContent).toContain('Start with a letter');
      fireEvent.change(input, { target: { value: 'Anna' } });
      await act(async () => {
        fireEvent.click(Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Save')!);
      });
      const rename = view.transport.calls.find((call) => call.key === 'POST PersonModel/rename-model');
      expect(rename?.init.body).toEqual({ PersonModelId: 'a', name: 'Anna' });
    });

    it('should lead to the wizard when there are no characters', async () => {
      const view = await renderRemote(lifecycles, {
        remote: 'create-character',
        path: '/my-ai',
        bus: signedIn(),
        api: { 'GET PersonModel/get-created-persons': [] },
      });
      await waitFor(() =>
        expect(view.getByRole('link', { name: 'Create your first character' })).toBeTruthy(),
      );
      expect(view.getByRole('link', { name: 'Create your first character' }).getAttribute('href')).toBe(
        '/create-character',
      );
    });
  });
});
