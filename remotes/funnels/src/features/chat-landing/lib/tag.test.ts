import { describe, expect, it } from 'vitest';
import { pickFor, preLandingTag } from './tag.ts';

describe('chat funnel tag (000 §2.1)', () => {
  it('should tag chat_funnel_{chatId}, or fake_chat without a chat id', () => {
    expect(preLandingTag('42')).toBe('chat_funnel_42');
    expect(preLandingTag(null)).toBe('fake_chat');
    expect(preLandingTag('  ')).toBe('fake_chat');
  });

  it('should pick the same character for the same chat id', () => {
    const list = ['a', 'b', 'c'];
    expect(pickFor(list, 'x7')).toBe(pickFor(list, 'x7'));
    expect(pickFor([], 'x7')).toBeNull();
  });
});
