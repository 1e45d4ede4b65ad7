import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HubClient } from '@companion/contracts';
import { askRepliesAhead, REPLIES_AHEAD_FRESH_MS, repliesAtOpen } from './replies-ahead.ts';

function hubsAnswering(answers: unknown[][]): HubClient & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    state: () => 'Connecting',
    invoke: <T>(_hub: string, method: string, ...args: unknown[]) => {
      calls.push([method, ...args]);
      return Promise.resolve((answers.shift() ?? []) as T);
    },
    stream: () => ({ subscribe: () => ({ dispose() {} }) }),
  };
}

describe('replies asked ahead (ADR 0270)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('should hand the question asked while the conversation loaded to its open, once', async () => {
    const running = [{ replyId: 'r1', chatId: 'c1', status: 'running', lastIndex: 3 }];
    const hubs = hubsAnswering([running, []]);
    askRepliesAhead(hubs, 'c1');
    askRepliesAhead(hubs, 'c1');
    expect(hubs.calls).toEqual([['GetReplies', 'c1']]);
    expect(await repliesAtOpen(hubs, 'c1')).toEqual(running);
    // Used once: the next open asks again.
    expect(await repliesAtOpen(hubs, 'c1')).toEqual([]);
    expect(hubs.calls).toHaveLength(2);
  });

  it('should ask again at open when the question asked ahead is no longer fresh, and ask nothing offline', async () => {
    vi.useFakeTimers();
    const hubs = hubsAnswering([[{ replyId: 'old', chatId: 'c2', status: 'running', lastIndex: 0 }], []]);
    askRepliesAhead(hubs, 'c2');
    vi.advanceTimersByTime(REPLIES_AHEAD_FRESH_MS + 1);
    expect(await repliesAtOpen(hubs, 'c2')).toEqual([]);
    expect(hubs.calls).toHaveLength(2);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    askRepliesAhead(hubs, 'c3');
    expect(repliesAtOpen(hubs, 'c3')).toBeNull();
    expect(hubs.calls).toHaveLength(2);
  });

  it('should answer no replies when the hub cannot be reached', async () => {
    const hubs: HubClient = {
      state: () => 'Disconnected',
      invoke: () => Promise.reject(new Error('no connection')),
      stream: () => ({ subscribe: () => ({ dispose() {} }) }),
    };
    askRepliesAhead(hubs, 'c4');
    expect(await repliesAtOpen(hubs, 'c4')).toEqual([]);
  });
});
