import { act, fireEvent } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatReplyItem, HubClient } from '@companion/contracts';
import { renderRemote, testChat, testMessage, type RenderRemoteOptions } from '@companion/remote-kit/testing';
import lifecycles from '../lifecycles.tsx';
import { openChat as openSignedInChat, settle } from '../testing/open-chat.ts';

const hello = testMessage('m1', { chatId: 'c1', sender: 'character', message: 'Hey you', isSeen: true });
const chats = [
  testChat('c1', { personModelFirstName: 'Sofia', messages: [hello], updatedAt: '2026-01-02T00:00:00Z' }),
  testChat('c2', {
    personModelFirstName: 'Emma',
    personModelEntityId: 'm2',
    updatedAt: '2026-01-01T00:00:00Z',
  }),
];

const api = {
  'GET Chats': chats,
  'GET Chats/c1': { ...chats[0], messages: [hello] },
  'POST Chats/mark-seen': chats[0],
  'POST Chats/save-input': chats[0],
};

/** A chat hub whose SendMessage streams a scripted reply. */
function scriptedHubs(items: ChatReplyItem[]): HubClient & { sent: unknown[][] } {
  const sent: unknown[][] = [];
  return {
    sent,
    state: () => 'Connected',
    invoke: <T,>() => Promise.resolve([] as T),
    stream: <T,>(_hub: string, method: string, ...args: unknown[]) => ({
      subscribe(observer: { next(item: T): void; error(e: unknown): void; complete(): void }) {
        sent.push([method, ...args]);
        queueMicrotask(() => {
          for (const item of items) observer.next(item as T);
          observer.complete();
        });
        return { dispose() {} };
      },
    }),
  };
}

/** The conversation `/chat/c1` with these hubs, on the chat list's answers unless told others. */
const openChat = (hubs: HubClient, options: Pick<RenderRemoteOptions, 'api' | 'bus'> = {}) =>
  openSignedInChat(hubs, { api: options.api ?? api, bus: options.bus });

describe('chat remote', () => {
  // The conversation and its photos are lazy chunks (ADR 0220): transform them once, outside the tests' time limit.
  beforeAll(async () => {
    await import('../features/conversation/components/conversation.tsx');
    await import('../features/conversation/components/character-photos.tsx');
  }, 60_000);

  it('should list chats newest first and filter them by name', async () => {
    const view = await renderRemote(lifecycles, { remote: 'chat', path: '/chat', api });
    await settle();
    const names = view.getAllByTestId('chat-list-item').map((item) => item.textContent);
    expect(names[0]).toContain('Sofia');
    fireEvent.change(view.getByRole('searchbox', { name: 'Search chats by name' }), {
      target: { value: 'EMM' },
    });
    expect(view.getAllByTestId('chat-list-item')).toHaveLength(1);
    expect(view.getByTestId('chat-list-item').textContent).toContain('Emma');
  });

  it('should send on Enter, stream the reply and ask the shell to refresh the balance', async () => {
    const mine = testMessage('m2', { chatId: 'c1', sender: 'user', message: 'Hi there' });
    const stored = testMessage('m3', { chatId: 'c1', sender: 'character', message: 'Hello, love' });
    const hubs = scriptedHubs([
      { kind: 'accepted', replyId: 'r1', chatId: 'c1', index: 0, userMessage: mine, remainingTokens: 9 },
      { kind: 'text', replyId: 'r1', index: 1, text: 'Hello, ' },
      { kind: 'text', replyId: 'r1', index: 2, text: 'love' },
      { kind: 'completed', replyId: 'r1', index: 3, message: stored },
    ]);
    const refresh = vi.fn();
    const view = await openChat(hubs, {
      bus: (bus) => bus.handle('tokens:balance-refresh-requested', refresh),
    });
    await settle();
    // jsdom has no layout, so the virtualised rows are the e2e suite's to check; here: counts, calls, balance.
    // The conversation is a lazy chunk (ADR 0220).
    expect(
      (await view.findByTestId('message-list', {}, { timeout: 15_000 })).getAttribute('data-count'),
    ).toBe('1');
    const input = view.getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: 'Hi there' } });
    expect(view.getByRole('button', { name: 'Send for 1 tokens' })).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    await settle();
    // The outbox entry's id goes along as the client message id (ADR 0220).
    expect(hubs.sent).toEqual([['SendMessage', 'c1', 'Hi there', expect.any(String)]]);
    expect(view.getByTestId('message-list').getAttribute('data-count')).toBe('3');
    expect(view.queryByTestId('streaming-reply')).toBeNull();
    expect(view.getByTestId('chat-balance').textContent).toBe('9');
    expect(refresh).toHaveBeenCalled();
  });

  // ADR 0280: the server sends `accepted` and the first text of one turn in one WebSocket message; the client hands
  // both to the stream's observer in one task, and the conversation renders them in one commit (no typing dots first).
  it('should render the accepted message and the first text that arrive together in one commit', async () => {
    const mine = testMessage('m2', { chatId: 'c1', sender: 'user', message: 'Hi there' });
    let observer: { next(item: ChatReplyItem): void; complete(): void } | null = null;
    const hubs: HubClient = {
      state: () => 'Connected',
      invoke: <T,>() => Promise.resolve([] as T),
      stream: <T,>() => ({
        subscribe(o: { next(item: T): void; error(e: unknown): void; complete(): void }) {
          observer = o as unknown as typeof observer;
          return { dispose() {} };
        },
      }),
    };
    const view = await openChat(hubs);
    await settle();
    const list = await view.findByTestId('message-list', {}, { timeout: 15_000 });
    const input = view.getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: 'Hi there' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    // Every node the list gains or loses from here: typing dots shown between the two items would be removed again.
    const added: Element[] = [];
    const removed: Element[] = [];
    const watch = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof Element) added.push(node);
        for (const node of record.removedNodes) if (node instanceof Element) removed.push(node);
      }
    });
    watch.observe(list, { childList: true, subtree: true });
    act(() => {
      observer!.next({
        kind: 'accepted',
        replyId: 'r1',
        chatId: 'c1',
        index: 0,
        userMessage: mine,
        remainingTokens: 9,
      });
      observer!.next({ kind: 'text', replyId: 'r1', index: 1, text: 'Hello, ' });
    });
    await settle();
    watch.takeRecords();
    watch.disconnect();
    const containing = (nodes: Element[], selector: string) =>
      nodes.filter((node) => node.matches(selector) || node.querySelector(selector) !== null);
    expect(containing(added, '[data-testid="streaming-reply"]')).toHaveLength(1);
    expect(containing(removed, '[aria-label="Typing"]')).toEqual([]);
    expect(list.getAttribute('data-count')).toBe('2');
    expect(view.getByTestId('streaming-reply').textContent).toBe('Hello, ');
    // The reply is still streaming: its stop button shows, and the next word joins it.
    expect(view.getByRole('button', { name: 'Stop reply' })).toBeTruthy();
    act(() => observer!.next({ kind: 'text', replyId: 'r1', index: 2, text: 'love' }));
    expect(view.getByTestId('streaming-reply').textContent).toBe('Hello, love');
    act(() => observer!.complete());
  });

  // ADR 0270: the hub opens alongside the history, and a send while its first connection opens leaves at once.
  it('should ask the hub for resumable replies before the history arrives and send while the hub connects', async () => {
    let releaseHistory: () => void = () => undefined;
    const history = new Promise<unknown>((resolve) => {
      releaseHistory = () => resolve({ ...chats[0], messages: [hello] });
    });
    const invoked: unknown[][] = [];
    const sent: unknown[][] = [];
    const hubs: HubClient = {
      state: () => 'Connecting',
      invoke: <T,>(_hub: string, method: string, ...args: unknown[]) => {
        invoked.push([method, ...args]);
        return Promise.resolve([] as T);
      },
      stream: (_hub: string, method: string, ...args: unknown[]) => ({
        subscribe() {
          sent.push([method, ...args]);
          return { dispose() {} };
        },
      }),
    };
    const view = await openChat(hubs, { api: { ...api, 'GET Chats/c1': () => history } });
    await settle();
    await settle();
    // The history request is still unanswered, and the hub was asked already.
    expect(invoked).toEqual([['GetReplies', 'c1']]);
    releaseHistory();
    await settle();
    const input = view.getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: 'Hi there' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    // From the key press itself: the shell's stream joins the connection being opened.
    expect(sent).toEqual([['SendMessage', 'c1', 'Hi there', expect.any(String)]]);
    await settle();
    expect(sent).toHaveLength(1);
  });

  it("should show the character's status in the header, Offline by default (000 §3, §4), not a hard-coded online", async () => {
    const person = { id: 'm1', bodyImages: [], status: 'Online' };
    const view = await renderRemote(lifecycles, {
      remote: 'chat',
      path: '/chat/c1',
      api: { ...api, 'GET PersonModel/get-person/m1': person },
    });
    const header = (await view.findByTestId('conversation', {}, { timeout: 15_000 })).querySelector(
      'header',
    )!;
    await settle();
    expect(header.textContent).toContain('Online');
    expect(header.textContent).not.toContain('online');
  });

  it('should read a character without a status as Offline', async () => {
    const view = await renderRemote(lifecycles, {
      remote: 'chat',
      path: '/chat/c1',
      api: { ...api, 'GET PersonModel/get-person/m1': { id: 'm1', bodyImages: [] } },
    });
    const header = (await view.findByTestId('conversation', {}, { timeout: 15_000 })).querySelector(
      'header',
    )!;
    await settle();
    expect(header.textContent).toContain('Offline');
  });

  // A gallery unlock of the open chat's character shows in the chat without a reload.
  it("should announce a gallery unlock of the open chat's character with its photo", async () => {
    const person = {
      id: 'm1',
      bodyImages: [
        { id: 'b1', imageUrl: '/api/images/b1.svg', isUnlocked: true },
        { id: 'g1', imageUrl: '/api/images/g1.svg', isUnlocked: true },
      ],
    };
    const view = await renderRemote(lifecycles, {
      remote: 'chat',
      path: '/chat/c1',
      api: { ...api, 'GET PersonModel/get-person/m1': person },
    });
    await view.findByTestId('conversation', {}, { timeout: 15_000 });
    await settle();
    act(() =>
      view.rootBus
        .as('gallery')
        .publish('gallery:image-unlocked', { galleryImageId: 'g1', personModelId: 'm2' }),
    );
    await settle();
    expect(view.queryByTestId('gallery-unlock-notice')).toBeNull();
    act(() =>
      view.rootBus
        .as('gallery')
        .publish('gallery:image-unlocked', { galleryImageId: 'g1', personModelId: 'm1' }),
    );
    const notice = await view.findByTestId('gallery-unlock-notice', {}, { timeout: 15_000 });
    expect(notice.textContent).toContain('New photo of Sofia unlocked');
    expect(notice.querySelector('img')?.getAttribute('src')).toBe('/api/images/g1.svg');
  });
});
