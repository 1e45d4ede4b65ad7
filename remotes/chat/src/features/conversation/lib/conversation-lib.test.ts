import { describe, expect, it } from 'vitest';
import type { ChatReplyItem } from '@companion/contracts';
import { testMessage } from '@companion/remote-kit/testing';
import { hubErrorCode } from './hub-error.ts';
import { isShown, mergeMessages } from './messages.ts';
import { Outbox } from './outbox.ts';
import { foldReplies, latestBalance } from './reply.ts';

describe('message filtering', () => {
  it('should drop a message with no text, image, video, full video or self-destructing photo', () => {
    const empty = testMessage('m', { message: '  ', imageUrl: null, videoUrl: null, fullVideoUrl: null });
    expect(isShown(empty)).toBe(false);
    expect(isShown({ ...empty, isSelfDestructingPhoto: true })).toBe(true);
    expect(isShown({ ...empty, fullVideoUrl: 'v.mp4' })).toBe(true);
  });

  it('should merge pages once per id, the later copy winning, oldest first', () => {
    const a = testMessage('a', { createdAt: '2026-01-01T00:00:01Z' });
    const b = testMessage('b', { createdAt: '2026-01-01T00:00:02Z' });
    const liked = { ...a, isLiked: true };
    expect(mergeMessages([b], [a, b], [liked]).map((m) => [m.id, m.isLiked])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });
});

describe('resume bookkeeping', () => {
  const user = testMessage('u1', { sender: 'user', message: 'hi' });
  const items: ChatReplyItem[] = [
    { kind: 'accepted', replyId: 'r', chatId: 'c', index: 0, userMessage: user, remainingTokens: 41 },
    { kind: 'text', replyId: 'r', index: 1, text: 'Hel' },
    { kind: 'text', replyId: 'r', index: 2, text: 'lo' },
  ];

  it('should show each item once when a resume replays an overlap', () => {
    const replayed = [
      ...items,
      items[1]!,
      items[2]!,
      { kind: 'text', replyId: 'r', index: 3, text: '!' } as const,
    ];
    const reply = foldReplies(replayed).get('r')!;
    expect(reply.text).toBe('Hello!');
    expect(reply.lastIndex).toBe(3);
    expect(reply.userMessage?.id).toBe('u1');
    expect(latestBalance(foldReplies(replayed))).toBe(41);
  });

  it('should give a resume from -1 the full text after a reload', () => {
    expect(foldReplies(items).get('r')!.text).toBe('Hello');
  });

  it('should read the hub code out of a wrapped SignalR error, and null for a dropped connection', () => {
    expect(hubErrorCode(new Error('An error occurred: HubException: insufficient_tokens'))).toBe(
      'insufficient_tokens',
    );
    expect(hubErrorCode(new Error('WebSocket closed with status code: 1006'))).toBeNull();
  });
});

describe('offline outbox', () => {
  it('should hand each entry out once, in order, one at a time per chat', () => {
    const box = new Outbox();
    const first = box.add('c1', 'one');
    box.add('c1', 'two');
    box.add('c2', 'other');
    expect(box.take('c1')?.id).toBe(first.id);
    expect(box.take('c1')).toBeNull();
    expect(box.take('c2')?.text).toBe('other');
    box.settle(first.id);
    expect(box.take('c1')?.text).toBe('two');
    expect(box.list('c1').map((e) => e.text)).toEqual(['two']);
  });

  it('should put an entry back when the send never reached the server', () => {
    const box = new Outbox();
    const entry = box.add('c1', 'again');
    box.take('c1');
    box.release(entry.id);
    expect(box.take('c1')?.text).toBe('again');
  });
});
