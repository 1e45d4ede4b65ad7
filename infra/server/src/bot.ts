import { createIsbotFromList, list } from 'isbot';

// Headless browsers are left out of the maintained list: they are automation (our own browser suite among
// them) that runs the app as a visitor would, not crawlers that would only fill the users table.
const isCrawler = createIsbotFromList(list.filter((pattern) => pattern !== 'headless'));

/**
 * 000 §8 "Bot detection by user agent exists as a helper": crawlers and link-preview bots, by the maintained
 * `isbot` pattern list. The origin marks their page (`<meta name="bot">`, `BOT_META`) and the shell's session does
 * not pre-register them, so bots create no anonymous users; the list stays out of every visitor's JS (ADR 0285).
 */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return isCrawler(userAgent ?? '');
}

/** The tag the origin writes into a bot's page; the shell reads it (`shell/src/session/bot.ts`). */
export const BOT_META = '<meta name="bot" content="user-agent" />';
