import { expect } from '@playwright/test';
import { test } from '../support/test.ts';
import {
  SLOW,
  balance,
  composer,
  conversation,
  freeModels,
  listButton,
  models,
  openChat,
  replies,
  send,
  signIn,
  signInToFreeChat,
  startChat,
  storedReplies,
  streaming,
} from '../support/chat.ts';

// The chat remote on the real stack: the API, the chat hub with the embedded persona engine, and the API's test
// fixtures (COMPANION_TEST_FIXTURES=1): `[fixture:slow]` / `[fixture:fail]` message tags slow the engine down or
// make it fail, and `testing/chat-history` fills a chat with a long history.

test.describe('chat', () => {
  test('should open a character from explore and stream a priced reply', async ({ page, request }) => {
    const account = await signIn(page, request);
    await page.goto('/?category=realistic');
    const card = page
      .locator('[data-testid="model-card"][data-locked="false"][data-premium="false"]')
      .first();
    const modelId = await card.getAttribute('data-model-id');
    await card.click();
    // `/chat?modelId=` opens the character's chat where it is (the explore suite checks the same URL).
    await expect(page).toHaveURL(`/chat?modelId=${modelId}`);
    await expect(conversation(page)).toBeVisible();
    await expect(page.getByText('Each message costs')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send for 1 tokens' })).toBeDisabled();
    await send(page, 'Hi! How are you today?');
    await expect(page.locator('[data-testid="message"][data-sender="user"]')).toHaveText(
      /How are you today\?/,
    );
    await expect(replies(page)).toHaveCount(1);
    await expect(streaming(page)).toHaveCount(0);
    await expect(page.getByTestId('chat-balance')).toHaveText('19');
    expect(await balance(request, account)).toBe(19);
    // The list shows the chat with its last message.
    await expect(page.getByTestId('chat-list-item')).toHaveCount(1);
  });

  test('should finish a reply after a reload mid-reply, its text shown once', async ({ page, request }) => {
    const { account, chatId } = await signInToFreeChat(page, request);
    await send(page, SLOW);
    await expect(streaming(page)).toContainText(/\w+ \w+/);
    await page.reload();
    await expect(conversation(page)).toBeVisible();
    await expect(replies(page)).toHaveCount(1, { timeout: 30_000 });
    await expect(streaming(page)).toHaveCount(0);
    const [stored] = await storedReplies(request, account, chatId);
    await expect(replies(page).first()).toContainText(stored!);
    expect(await balance(request, account)).toBe(19);
  });

  test('should keep a reply going across a chat switch and show it once on return', async ({
    page,
    request,
  }) => {
    const account = await signIn(page, request);
    const open = await freeModels(request);
    const first = await startChat(request, account, open[0]!.id);
    const second = await startChat(request, account, open[1]!.id);
    await openChat(page, first);
    await send(page, SLOW);
    await expect(streaming(page)).toContainText(/\w+/);
    await listButton(page, open[1]!.firstName).click();
    await expect(page).toHaveURL(new RegExp(`/chat/${second}$`));
    await expect(conversation(page)).toHaveAttribute('aria-label', `Conversation with ${open[1]!.firstName}`);
    await listButton(page, open[0]!.firstName).click();
    await expect(replies(page)).toHaveCount(1, { timeout: 30_000 });
    const [stored] = await storedReplies(request, account, first);
    await expect(replies(page).first()).toContainText(stored!);
  });

  test('should stop a reply and keep what was said', async ({ page, request }) => {
    const { account, chatId } = await signInToFreeChat(page, request);
    await send(page, SLOW);
    await expect(streaming(page)).toContainText(/\w+/);
    await page.getByRole('button', { name: 'Stop reply' }).click();
    await expect(streaming(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Send/ })).toBeVisible();
    await expect.poll(async () => (await storedReplies(request, account, chatId)).length).toBe(1);
    await expect(replies(page)).toHaveCount(1);
  });

  test('should show a failed reply as refunded, with retry', async ({ page, request }) => {
    const { account, chatId } = await signInToFreeChat(page, request);
    await send(page, '[fixture:fail] hello');
    const error = page.getByTestId('reply-error');
    await expect(error).toContainText('Your 1 tokens were refunded.');
    await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(await balance(request, account)).toBe(20);
    expect(await storedReplies(request, account, chatId)).toEqual([]);
  });

  test('should send a message written offline once, when the hub is back', async ({ page, request }) => {
    const { account, chatId } = await signInToFreeChat(page, request);
    // Connected: the header shows the character's status (000 §3: default Offline), not 'reconnecting…'.
    await expect(page.getByTestId('conversation').getByText('Offline', { exact: true })).toBeVisible();
    await page.context().setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await send(page, 'Written while offline');
    await expect(page.getByTestId('pending-message')).toContainText('Written while offline');
    await page.context().setOffline(false);
    await expect(replies(page)).toHaveCount(1, { timeout: 45_000 });
    const response = await request.get(`/api/Chats/${chatId}/messages`, { headers: account.headers });
    const mine = ((await response.json()) as { sender: string; message: string }[]).filter(
      (message) => message.sender === 'user',
    );
    expect(mine.map((message) => message.message)).toEqual(['Written while offline']);
    await expect(page.getByTestId('pending-message')).toHaveCount(0);
  });

  test('should raise the insufficient-tokens offer on a short balance', async ({ page, request }) => {
    const { account, chatId } = await signInToFreeChat(page, request, { bonus: false });
    await send(page, 'Hello there');
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await storedReplies(request, account, chatId)).toEqual([]);
  });

  test('should show a locked character with its unlock price and no way to send', async ({
    page,
    request,
  }) => {
    const account = await signIn(page, request);
    const locked = (await models(request)).find((m) => m.isLocked && !m.isPremium)!;
    const chatId = await startChat(request, account, locked.id);
    const price = (await (
      await request.get(`/api/Chats/${chatId}/unlock-price`, { headers: account.headers })
    ).json()) as { price: number };
    await openChat(page, chatId);
    const panel = page.getByTestId('chat-locked');
    await expect(panel.getByRole('button', { name: `Unlock for ${price.price} tokens` })).toBeVisible();
    await expect(composer(page)).toBeDisabled();
  });

  test('should pin a chat into its own section and find chats by name', async ({ page, request }) => {
    const account = await signIn(page, request);
    const open = await freeModels(request);
    await startChat(request, account, open[0]!.id);
    await startChat(request, account, open[1]!.id);
    await page.goto('/chat');
    await expect(page.getByTestId('chat-list-item')).toHaveCount(2);
    await page.getByRole('button', { name: `Pin ${open[0]!.firstName}` }).click();
    const pinned = page.getByRole('region', { name: 'Pinned' });
    await expect(pinned.getByRole('button', { name: new RegExp(`^${open[0]!.firstName} `) })).toBeVisible();
    await page
      .getByRole('searchbox', { name: 'Search chats by name' })
      .fill(open[1]!.firstName.toUpperCase());
    await expect(page.getByTestId('chat-list-item')).toHaveCount(1);
    await expect(page.getByTestId('chat-list-item')).toContainText(open[1]!.firstName);
  });

  test('should open a 3,000-message chat at its newest message, rendering only what is on screen', async ({
    page,
    request,
  }) => {
    const account = await signIn(page, request);
    const [model] = await freeModels(request);
    const chatId = await startChat(request, account, model!.id);
    const filled = await request.post('/api/testing/chat-history', {
      headers: account.headers,
      data: { chatId, count: 3000 },
    });
    expect(filled.ok()).toBe(true);
    await openChat(page, chatId);
    await expect(page.getByTestId('message-list').getByText('Message 3000 of 3000')).toBeVisible();
    expect(await page.getByTestId('message').count()).toBeLessThan(60);
    // Scrolling up pages older history in from the API.
    const list = page.getByTestId('message-list');
    await expect(list).toHaveAttribute('data-count', '50');
    // Scrolled to the top again if the first scroll met the plain list as the virtual one replaced it (as a reader
    // scrolls again when a gesture is lost).
    await expect(async () => {
      await list.evaluate((element) => element.scrollTo({ top: 0 }));
      await expect(list).toHaveAttribute('data-count', '100', { timeout: 3000 });
    }).toPass({ timeout: 15_000 });
  });

  test('should confirm the age, then turn romance mode on', async ({ page, request }) => {
    const { account } = await signInToFreeChat(page, request);
    await page.getByRole('button', { name: 'Romance off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your age' });
    await dialog.getByLabel('Year').selectOption(String(new Date().getFullYear() - 30));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('button', { name: 'Romance on' })).toHaveAttribute('aria-pressed', 'true');
    const user = (await (await request.get('/api/User', { headers: account.headers })).json()) as {
      userFeatures: { hasConfirmedAge: boolean; isRomanceModeActive: boolean };
    };
    expect(user.userFeatures).toMatchObject({ hasConfirmedAge: true, isRomanceModeActive: true });
  });
});
