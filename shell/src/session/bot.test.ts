import { describe, expect, it } from 'vitest';
import { readIsBot } from './bot.ts';

describe('bot verdict of the origin (000 §8)', () => {
  it('should count a page the origin marked as a bot, and any other page as a visitor', () => {
    const page = document.implementation.createHTMLDocument('');
    expect(readIsBot(page)).toBe(false);
    page.head.insertAdjacentHTML('beforeend', '<meta name="bot" content="user-agent" />');
    expect(readIsBot(page)).toBe(true);
  });
});
