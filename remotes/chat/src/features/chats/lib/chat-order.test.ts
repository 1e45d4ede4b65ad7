import { describe, expect, it } from 'vitest';
import { testChat, testMessage } from '@companion/remote-kit/testing';
import { chatSections, isUnread, previewOf, searchChats, sortChats } from './chat-order.ts';

describe('chat list order and search', () => {
  const old = testChat('a', { personModelFirstName: 'Sofia', updatedAt: '2026-01-01T00:00:00Z' });
  const fresh = testChat('b', { personModelFirstName: 'Emma', updatedAt: '2026-01-03T00:00:00Z' });
  const pinnedLongAgo = testChat('c', {
    id: 'c',
    personModelFirstName: 'Mia',
    personModelLastName: 'Rossi',
    isPinned: true,
    pinnedAt: '2026-01-02T00:00:00Z',
    updatedAt: '2026-01-05T00:00:00Z',
  });

  it('should sort by pin time for pinned chats, update time otherwise, newest first', () => {
    expect(sortChats([old, fresh, pinnedLongAgo]).map((c) => c.id)).toEqual(['b', 'c', 'a']);
  });

  it('should search names case-insensitively, last name included', () => {
    expect(searchChats([old, fresh, pinnedLongAgo], 'rOSS').map((c) => c.id)).toEqual(['c']);
    expect(searchChats([old, fresh], '  ')).toHaveLength(2);
  });

  it('should split pinned and unpinned sections', () => {
    const { pinned, others } = chatSections([old, fresh, pinnedLongAgo], '');
    expect(pinned.map((c) => c.id)).toEqual(['c']);
    expect(others.map((c) => c.id)).toEqual(['b', 'a']);
  });

  it('should preview text or media and flag an unseen reply as unread', () => {
    const reply = testMessage('m', { sender: 'character', message: ' hey ', isSeen: false });
    expect(previewOf(reply)).toBe('hey');
    expect(previewOf(testMessage('m', { message: null, imageUrl: '/x.png' }))).toBe('Photo');
    expect(isUnread(testChat('c', { messages: [reply] }))).toBe(true);
    expect(isUnread(testChat('c', { messages: [{ ...reply, isSeen: true }] }))).toBe(false);
  });
});
