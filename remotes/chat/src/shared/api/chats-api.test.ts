import { describe, expect, it } from 'vitest';
import type { Chat } from '@companion/contracts';
import { createFakeTransport } from '@companion/remote-kit/testing';
import { openChat, prefetchChat, prefetchedChat } from './chats-api.ts';

const chat = (id: string, n: number) => ({ id, messages: [], n }) as unknown as Chat;

describe('a chat fetched ahead of its opening', () => {
  it('should fetch once on the way, paint with it once landed, and serve the opening from it once', async () => {
    let served = 0;
    const transport = createFakeTransport(() => chat('c1', ++served));
    expect(prefetchedChat('c1')).toBeNull();
    const ahead = prefetchChat(transport, 'c1');
    expect(prefetchChat(transport, 'c1')).toBe(ahead);
    await ahead;
    expect(prefetchedChat('c1')).toMatchObject({ n: 1 });
    expect(await openChat(transport, 'c1')).toMatchObject({ n: 1 });
    // Used once: a reload of the conversation asks the API again.
    expect(prefetchedChat('c1')).toBeNull();
    expect(await openChat(transport, 'c1')).toMatchObject({ n: 2 });
    expect(transport.calls.map((call) => call.key)).toEqual(['GET Chats/c1', 'GET Chats/c1']);
  });

  it('should forget a failed fetch, so the opening asks again', async () => {
    let fail = true;
    const transport = createFakeTransport(() => {
      if (fail) throw new Error('offline');
      return chat('c2', 1);
    });
    await expect(prefetchChat(transport, 'c2')).rejects.toThrow('offline');
    fail = false;
    expect(await openChat(transport, 'c2')).toMatchObject({ n: 1 });
  });
});
