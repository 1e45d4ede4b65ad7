/**
 * Whether the origin told this page's visitor apart as a crawler or link-preview bot by its user agent (000 §8,
 * `infra/server/src/bot.ts`): the session then does not pre-register, so bots create no anonymous users. A page not
 * served by the origin (a remote's standalone page) has no verdict and counts as a visitor.
 */
export function readIsBot(doc: Document): boolean {
  return doc.querySelector('meta[name="bot"]') !== null;
}
