import { describe, expect, it } from 'vitest';
import type { ChatReplyItem } from '@companion/contracts';
import { testMessage } from '@companion/remote-kit/testing';
import { errorCopy, hubErrorCode } from './hub-error.ts';
import { isShown, mergeMessages } from './messages.ts';
import { Outbox, parseEntries } from './outbox.ts';
import { romanceOfferFor } from './romance.ts';
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

  it('should read engine_busy and say the tokens came back and to try again', () => {
    expect(hubErrorCode(new Error('An error occurred: HubException: engine_busy'))).toBe('engine_busy');
    expect(errorCopy('engine_busy', 2)).toBe(
      'She’s answering a lot of people right now. Your 2 tokens were refunded: try again in a moment.',
    );
    expect(errorCopy('engine_busy', 1)).toBe(
      'She’s answering a lot of people right now. Your 1 token was refunded: try again in a moment.',
    );
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

  it('should hold an entry sent straight away as out already, so the flush does not send it again', () => {
    const box = new Outbox();
    const sent = box.add('c1', 'now', { id: 'client-1', chatId: 'c1', text: 'now', state: 'sending' });
    box.add('c1', 'next');
    expect(sent.id).toBe('client-1');
    expect(box.take('c1')).toBeNull();
    box.settle('client-1');
    expect(box.take('c1')?.text).toBe('next');
  });

  it('should keep entries across a reload, a send cut off by it waiting again under the same id', () => {
    let stored: unknown = null;
    const store = {
      read: () => parseEntries(stored === null ? null : JSON.parse(JSON.stringify(stored))),
      write: (value: unknown) => (stored = value),
      clear: () => (stored = null),
    };
    const before = new Outbox(store);
    const first = before.add('c1', 'one');
    before.add('c2', 'two');
    before.take('c1');
    const after = new Outbox(store);
    expect(after.list('c1')).toEqual([{ ...first, state: 'waiting' }]);
    expect(after.take('c1')?.id).toBe(first.id);
    after.settle(first.id);
    after.settle(after.list('c2')[0]!.id);
    expect(stored).toBeNull();
    expect(parseEntries([{ id: 1 }, 'x', { id: 'a', chatId: 'c', text: 't', state: 'sending' }])).toEqual([
      { id: 'a', chatId: 'c', text: 't', state: 'waiting' },
    ]);
    expect(parseEntries({})).toBeNull();
  });

  it('should offer romance mode after a romantic turn only while it is off', () => {
    const said = (sender: 'user' | 'character', message: string) => testMessage(message, { sender, message });
    const romantic = [said('user', 'Can I kiss you?'), said('character', 'Oh, you are bold.')];
    expect(romanceOfferFor(romantic, false)?.id).toBe('Oh, you are bold.');
    expect(romanceOfferFor(romantic, true)).toBeNull();
    expect(romanceOfferFor(romantic, null)).toBeNull();
    expect(romanceOfferFor([said('user', 'How was work?'), said('character', 'Busy!')], false)).toBeNull();
    expect(romanceOfferFor([said('character', 'Hi'), said('user', 'I love you, be mine')], false)).toBeNull();
    expect(romanceOfferFor([said('character', 'Shall we go on a date?')], false)?.id).toBe(
      'Shall we go on a date?',
    );
  });
});
