import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createAppBus } from '@companion/event-bus';
import type { ChatReplyItem } from '@companion/contracts';
import { defineRemote } from '../define-remote.tsx';
import { renderRemote } from '../testing/render-remote.ts';
import { testMessage, testPersonModel } from '../testing/factories.ts';
import { testUser } from '../testing/user.ts';
import { apiError, handleSpendError } from './api-error.ts';
import { trackReply } from './use-hub-stream.ts';
import { useResource } from './use-resource.ts';
import { useRemoteLocation, useRemoteNavigate } from './use-remote-location.ts';
import { useTheme } from './use-shell-state.ts';
import { useTrack } from './use-track.ts';
import { useVisitor } from './use-visitor.ts';
import { visitorOf } from './visitor.ts';

function Probe() {
  const location = useRemoteLocation();
  const navigate = useRemoteNavigate();
  const track = useTrack();
  const visitor = useVisitor();
  const theme = useTheme();
  const models = useResource('models', (transport) => transport.request<{ id: string }[]>('PersonModel/top'));
  return (
    <div>
      <p>path {location.pathname}</p>
      <p>theme {theme}</p>
      <p>{visitor.loggedIn ? 'logged in' : 'guest'}</p>
      <p>{visitor.nsfw ? 'adult content' : 'safe content'}</p>
      <p>{models.status === 'ready' ? `models ${models.data?.length}` : models.status}</p>
      <button onClick={() => navigate('/next')}>go</button>
      <button onClick={() => track('clicked', { placement: 'probe' })}>track</button>
    </div>
  );
}

const lifecycles = defineRemote({ name: 'gallery', version: 'test', App: Probe });

describe('remote-kit hooks through renderRemote', () => {
  it('should read location, visitor, theme and a resource, navigate, and tag tracking with the remote', async () => {
    const tracked: unknown[] = [];
    const view = await renderRemote(lifecycles, {
      remote: 'gallery',
      path: '/gallery',
      api: { 'GET PersonModel/top': [testPersonModel('a'), testPersonModel('b')] },
      bus: (bus) => {
        bus.publish('session:changed', { status: 'registered', userId: 'u1', isSoftDeleted: false });
        bus.publish('user:changed', { user: testUser() });
        bus.subscribe('analytics:event-tracked', (event) => tracked.push(event));
      },
    });
    expect(view.getByText('path /gallery')).toBeTruthy();
    expect(view.getByText('logged in')).toBeTruthy();
    // Before the shell says (an older shell), the user's flag; then the shell's one NSFW determination.
    expect(view.getByText('safe content')).toBeTruthy();
    act(() => view.rootBus.publish('content:mode-changed', { nsfw: true }));
    expect(await view.findByText('adult content')).toBeTruthy();
    act(() =>
      view.rootBus.publish('user:changed', { user: testUser({ isNSFWContent: false, email: 'x@y.z' }) }),
    );
    await view.findByText('logged in');
    expect(view.getByText('adult content')).toBeTruthy();
    expect(await view.findByText('models 2')).toBeTruthy();
    act(() => view.rootBus.publish('theme:changed', { mode: 'light' }));
    expect(view.getByText('theme light')).toBeTruthy();
    act(() => view.getByText('go').click());
    expect(view.getByText('path /next')).toBeTruthy();
    act(() => view.getByText('track').click());
    expect(tracked).toEqual([{ name: 'clicked', properties: { source: 'gallery', placement: 'probe' } }]);
    expect(view.transport.calls.map((call) => call.key)).toEqual(['GET PersonModel/top']);
  });
});

describe('visitorOf', () => {
  it('should count a registered session or a user with an email as logged in', () => {
    expect(visitorOf({ status: 'anonymous', userId: 'u', isSoftDeleted: false }, testUser())).toEqual({
      loggedIn: true,
      subscribed: false,
    });
    expect(visitorOf({ status: 'anonymous', userId: 'u', isSoftDeleted: false }, null).loggedIn).toBe(false);
    expect(visitorOf({ status: 'registered', userId: 'u', isSoftDeleted: false }, null).loggedIn).toBe(true);
  });
});

describe('apiError and handleSpendError', () => {
  const failure = (status: number, code?: string) =>
    Object.assign(new Error('x'), { kind: 'http', status, body: code ? { error: { code } } : null });

  it('should read status and code of a transport error and tolerate anything else', () => {
    expect(apiError(failure(409, 'already_unlocked'))).toMatchObject({
      status: 409,
      code: 'already_unlocked',
    });
    expect(apiError(new TypeError('boom'))).toEqual({
      status: null,
      code: null,
      field: null,
      message: null,
      required: null,
      kind: 'unknown',
    });
    const named = Object.assign(new Error('x'), {
      kind: 'http',
      status: 400,
      body: { error: { code: 'validation_failed', field: 'email', message: 'Enter a valid email.' } },
    });
    expect(apiError(named)).toMatchObject({ field: 'email', message: 'Enter a valid email.' });
  });

  it('should ask for tokens on 402 (what was bought, its price or the API’s) and sign-in on 401', () => {
    const bus = createAppBus();
    const insufficient = vi.fn();
    const login = vi.fn();
    bus.handle('tokens:insufficient-requested', insufficient);
    bus.handle('auth:login-requested', login);
    expect(
      handleSpendError(failure(402), bus.as('gallery'), 'gallery', { request: 'photo', needed: 25 }),
    ).toBe(true);
    expect(insufficient).toHaveBeenLastCalledWith({ request: 'photo', needed: 25, source: 'gallery' });
    // An explore unlock does not know its price: the API's 402 names it.
    const priced = Object.assign(new Error('x'), {
      kind: 'http',
      status: 402,
      body: { error: { code: 'insufficient_tokens', message: 'Not enough tokens', required: 300 } },
    });
    expect(handleSpendError(priced, bus.as('explore'), 'explore', { request: 'character' })).toBe(true);
    expect(insufficient).toHaveBeenLastCalledWith({ request: 'character', needed: 300, source: 'explore' });
    expect(handleSpendError(failure(401), bus.as('chat'), 'chat', { request: 'message' })).toBe(true);
    expect(login).toHaveBeenCalledWith({ mode: 'login', source: 'chat' });
    expect(handleSpendError(failure(500), bus.as('chat'), 'chat', { request: 'message' })).toBe(false);
    expect(insufficient).toHaveBeenCalledTimes(2);
  });
});

describe('trackReply', () => {
  it('should remember the last index of a reply and ignore a replayed overlap', () => {
    const items: ChatReplyItem[] = [
      {
        kind: 'accepted',
        replyId: 'r',
        chatId: 'c',
        index: 0,
        userMessage: testMessage(),
        remainingTokens: 9,
      },
      { kind: 'text', replyId: 'r', index: 1, text: 'Hi' },
      { kind: 'text', replyId: 'r', index: 1, text: 'Hi' },
    ];
    expect(items.reduce(trackReply, { replyId: null, lastIndex: -1, completed: false })).toEqual({
      replyId: 'r',
      lastIndex: 1,
      completed: false,
    });
  });
});
