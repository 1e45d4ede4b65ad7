import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, waitFor } from '@testing-library/react';
import type { BusEventMap, ShellBus } from '@companion/contracts';
import { CHARACTER_DRAFT_KEY } from '@companion/contracts';
import { renderRemote } from '@companion/remote-kit/testing';
import lifecycles from '../lifecycles.tsx';

type Tracked = BusEventMap['analytics:event-tracked'];

function recorder(tracked: Tracked[], paywalls: BusEventMap['paywall:open-requested'][] = []) {
  return (bus: ShellBus) => {
    bus.subscribe('analytics:event-tracked', (event) => tracked.push(event));
    bus.handle('paywall:open-requested', (request) => paywalls.push(request));
  };
}

const MODELS = [
  {
    id: 'm1',
    firstName: 'Lana',
    lastName: null,
    age: 24,
    isAnime: false,
    isPremium: false,
    bodyImages: ['/img/lana.webp'],
  },
];

/** Answers every question of the current quiz with its first option, names her and waits for the landing. */
async function finishQuiz(view: Awaited<ReturnType<typeof renderRemote>>, name: string) {
  fireEvent.click(
    await view.findByRole('button', { name: /start|take the quiz|create|claim|find|meet|begin/i }),
  );
  for (;;) {
    const quiz = view.getByTestId('quiz');
    if (quiz.dataset.step === 'name') break;
    const first = quiz.querySelector<HTMLButtonElement>('[data-answer]')!;
    fireEvent.click(first);
  }
  fireEvent.change(await view.findByLabelText('Her name'), { target: { value: name } });
  fireEvent.click(view.getByRole('button', { name: 'Continue' }));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(3000);
  });
  await waitFor(() => expect(view.getByTestId('quiz').dataset.step).toBe('landing'));
}

describe('funnels remote', () => {
  it('should track quiz_started with the variant and step count on the first screen', async () => {
    const tracked: Tracked[] = [];
    const view = await renderRemote(lifecycles, { remote: 'funnels', path: '/1801', bus: recorder(tracked) });
    // The file's first test pays the quiz chunk's cold import: more than findBy's default second under load.
    expect(await view.findByRole('heading', { name: 'What is your type?' }, { timeout: 4000 })).toBeTruthy();
    // Tracked by the quiz's effect, which can run a moment after the heading is in the page.
    await waitFor(() =>
      expect(tracked.find((e) => e.name === 'quiz_started')?.properties).toMatchObject({
        variant: 'quiz1801',
        step_count: 6,
        source: 'funnels',
      }),
    );
  });

  it('should hand the answers to the wizard draft and open /create-character at its summary', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      window.sessionStorage.clear();
      const tracked: Tracked[] = [];
      const view = await renderRemote(lifecycles, {
        remote: 'funnels',
        path: '/generation-gray',
        bus: recorder(tracked),
      });
      await finishQuiz(view, 'Ruby');
      fireEvent.click(view.getByRole('button', { name: 'Continue with Ruby' }));
      expect(view.history.location.pathname).toBe('/create-character');
      const stored = JSON.parse(window.sessionStorage.getItem(CHARACTER_DRAFT_KEY)!);
      expect(stored).toMatchObject({
        version: 1,
        step: 'summary',
        draft: {
          style: 'realistic',
          ethnicity: 'caucasian',
          hairColor: 'brown',
          personality: 'sweet',
          connectionType: 'girlfriend',
          name: 'Ruby',
        },
      });
      expect(tracked.filter((e) => e.name === 'quiz_completed').map((e) => e.properties.variant)).toEqual([
        'generation-gray',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('should open the 776 px discount paywall at the end of quiz-fb', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const paywalls: BusEventMap['paywall:open-requested'][] = [];
      const view = await renderRemote(lifecycles, {
        remote: 'funnels',
        path: '/quiz-fb',
        bus: recorder([], paywalls),
      });
      await finishQuiz(view, 'Mia');
      fireEvent.click(view.getByRole('button', { name: 'Claim my discount' }));
      expect(paywalls).toEqual([
        { paywallType: 'subscription', source: 'quiz_quiz-fb', presentation: 'quiz-discount' },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('should create the free landing match and open her chat on a quick date', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const view = await renderRemote(lifecycles, {
        remote: 'funnels',
        path: '/quickdate-honey-gray',
        api: { 'POST PersonModel/create-landing-model-quickdate': MODELS[0] },
      });
      await finishQuiz(view, 'Lana');
      const call = view.transport.calls.find(
        (c) => c.key === 'POST PersonModel/create-landing-model-quickdate',
      );
      expect(call?.init.body).toMatchObject({ style: 'realistic', name: 'Lana' });
      fireEvent.click(view.getByRole('button', { name: 'Chat with Lana' }));
      expect(`${view.history.location.pathname}${view.history.location.search}`).toBe('/chat?modelId=m1');
    } finally {
      vi.useRealTimers();
    }
  });

  it('should tag the chat funnel chat_funnel_{chatId} and fake_chat at / of the fakeChat brand', async () => {
    const tracked: Tracked[] = [];
    const api = { 'GET PersonModel/quiz-net-funnel-person-models': MODELS };
    const view = await renderRemote(lifecycles, {
      remote: 'funnels',
      path: '/chat-landing/42',
      api,
      bus: recorder(tracked),
    });
    expect((await view.findByTestId('chat-landing')).dataset.preLanding).toBe('chat_funnel_42');
    // The page-view event is sent from an effect after the first paint: wait for it, not for the paint.
    await waitFor(() =>
      expect(tracked.find((e) => e.name === 'pre_landing_viewed')?.properties.preLanding).toBe(
        'chat_funnel_42',
      ),
    );
    await view.unmount();

    const fake = await renderRemote(lifecycles, {
      remote: 'funnels',
      path: '/',
      api,
      props: {
        brand: { id: 'fakeChat', name: 'Companion Chat', fontFamily: 'Manrope', supportEmail: 's@x' },
      },
    });
    expect((await fake.findByTestId('chat-landing')).dataset.preLanding).toBe('fake_chat');
    await fake.findByRole('heading', { name: 'Lana' });
    // The character's status, Offline without one (000 §3, §4), not a hard-coded "Online now".
    expect(fake.getByTestId('chat-landing').textContent).toContain('Offline');
    expect(fake.getByTestId('chat-landing').textContent).not.toContain('Online now');
    fireEvent.click(fake.getByRole('button', { name: 'Show me 😍' }));
    expect(fake.history.location.pathname).toBe('/pricing');
  });

  it('should serve the vip quiz at / of the fbQuiz brand', async () => {
    const view = await renderRemote(lifecycles, {
      remote: 'funnels',
      path: '/',
      props: { brand: { id: 'fbQuiz', name: 'Quiz', fontFamily: 'Manrope', supportEmail: 's@x' } },
    });
    expect((await view.findByTestId('quiz')).dataset.variant).toBe('quiz-vip');
  });

  it('should register a partner on /affiliates and check the fields first', async () => {
    const view = await renderRemote(lifecycles, {
      remote: 'funnels',
      path: '/affiliates?aff_click_id=c9',
      api: { 'POST event/affiliate-registration': { success: true } },
    });
    fireEvent.click(await view.findByRole('button', { name: 'Apply now' }));
    expect(await view.findByText('Tell us your name.')).toBeTruthy();
    expect(view.transport.calls).toEqual([]);
    fireEvent.change(view.getByLabelText('Your name'), { target: { value: 'Ann' } });
    fireEvent.change(view.getByLabelText('E-mail'), { target: { value: 'ann@example.com' } });
    fireEvent.click(view.getByRole('button', { name: 'Apply now' }));
    expect(await view.findByText('Thank you, Ann!')).toBeTruthy();
    expect(view.transport.calls[0]?.init.body).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      source: 'TikTok',
      clickId: 'c9',
    });
  });
});
