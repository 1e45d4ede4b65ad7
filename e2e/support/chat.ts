import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { registerAccount, seedSession } from './sign-in.ts';

// Chat helpers shared by the chat suites (chat.spec.ts, chat-more.spec.ts) and the chat bench.

export interface Account {
  accessToken: string;
  headers: { authorization: string };
}

export interface Model {
  id: string;
  firstName: string;
  isLocked: boolean;
  isPremium: boolean;
}

export const SLOW = '[fixture:slow] tell me about your day';

/** A registered user signed in through the shell's persisted auth; `bonus` claims the daily 20 tokens. */
export async function signIn(page: Page, request: APIRequestContext, bonus = true): Promise<Account> {
  const account = await registerAccount(request, 'chat', 'Chat-pass-123');
  const { accessToken } = account;
  const headers = { authorization: `Bearer ${accessToken}` };
  if (bonus) expect((await request.post('/api/Tokens/claim-bonus', { headers })).ok()).toBe(true);
  await seedSession(page, account);
  return { accessToken, headers };
}

export async function models(request: APIRequestContext): Promise<Model[]> {
  const response = await request.get('/api/PersonModel/top');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Model[];
}

/** The characters any new user may chat with (neither locked nor premium), in the catalogue's order. */
export async function freeModels(request: APIRequestContext): Promise<Model[]> {
  return (await models(request)).filter((m) => !m.isLocked && !m.isPremium);
}

export async function startChat(
  request: APIRequestContext,
  account: { headers: Record<string, string> },
  personModelId: string,
): Promise<string> {
  const response = await request.post('/api/Chats/start', {
    headers: account.headers,
    data: { personModelId },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

export async function balance(request: APIRequestContext, account: Account): Promise<number> {
  const response = await request.get(`/api/Tokens/balance?requestID=${Date.now()}`, {
    headers: account.headers,
  });
  return ((await response.json()) as { remainingTokens: number }).remainingTokens;
}

export async function storedReplies(request: APIRequestContext, account: Account, chatId: string) {
  const response = await request.get(`/api/Chats/${chatId}/messages?limit=200`, { headers: account.headers });
  const list = (await response.json()) as { sender: string; message: string | null }[];
  return list.filter((message) => message.sender === 'character').map((message) => message.message ?? '');
}

export const conversation = (page: Page) => page.getByTestId('conversation');
export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
export const replies = (page: Page) => page.locator('[data-testid="message"][data-sender="character"]');
export const streaming = (page: Page) => page.getByTestId('streaming-reply');
/** A chat in the list, by the character's name (its accessible name continues with the last message). */
export const listButton = (page: Page, name: string) =>
  page.getByTestId('chat-list').getByRole('button', { name: new RegExp(`^${name} `) });

export async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/** Waits until the chat hub is connected (the composer works either way; the outbox waits for it). */
export async function openChat(page: Page, chatId: string) {
  await page.goto(`/chat/${chatId}`);
  await expect(conversation(page)).toBeVisible();
}

/** Starts `account`'s chat with the `index`th free character and opens it; answers the chat and the character. */
export async function openFreeChat(
  page: Page,
  request: APIRequestContext,
  account: { headers: Record<string, string> },
  index = 0,
) {
  const model = (await freeModels(request))[index]!;
  const chatId = await startChat(request, account, model.id);
  await openChat(page, chatId);
  return { chatId, model };
}

/**
 * A new signed-in user ({@link signIn}, `bonus` as there) with a free character's chat open ({@link openFreeChat},
 * through `api`); answers the account, the chat and the character.
 */
export async function signInToFreeChat(
  page: Page,
  request: APIRequestContext,
  options: { bonus?: boolean; api?: APIRequestContext } = {},
) {
  const account = await signIn(page, request, options.bonus ?? true);
  return { account, ...(await openFreeChat(page, options.api ?? request, account)) };
}

/** A new signed-in user with the chat with `firstName` open; answers the account, the chat and the character. */
export async function openChatWith(page: Page, request: APIRequestContext, firstName: string) {
  const account = await signIn(page, request);
  const model = (await models(request)).find((m) => m.firstName === firstName)!;
  const chatId = await startChat(request, account, model.id);
  await openChat(page, chatId);
  return { account, chatId, model };
}

/** Sends a line and waits for its whole reply; answers the reply's row. */
export async function sendAndWait(page: Page, text: string) {
  const before = await replies(page).count();
  await send(page, text);
  await expect(replies(page)).toHaveCount(before + 1, { timeout: 20_000 });
  await expect(streaming(page)).toHaveCount(0);
  return replies(page).last();
}
