import { expect } from '@playwright/test';
import { test } from '../support/test.ts';
import { expectAccessible } from '../support/axe.ts';
import { conversation, openChatWith, sendAndWait } from '../support/chat.ts';
import { shoot } from '../support/screenshots.ts';

// ADR 0440: disliking one of the character's replies asks what went wrong ("rate this reply"); the answer reaches
// the API as `POST feedback` (000 §7) with the reply it rates, and a form sent empty says what it needs.

test.describe('rating a reply', () => {
  test('should ask what went wrong when a reply is disliked and deliver the answer with the reply', async ({
    page,
    request,
  }, testInfo) => {
    // A loaded machine: eight screenshots and a reply (no timing asserted).
    test.setTimeout(240_000);
    const { account, chatId, model: sofia } = await openChatWith(page, request, 'Sofia');
    const reply = await sendAndWait(page, 'I had a rough day at work, my boss yelled at me');
    const replyText = (await reply.innerText()).split('\n')[0]!.trim();

    await reply.getByRole('button', { name: 'Dislike' }).click();
    const dialog = page.getByRole('dialog', { name: 'What went wrong?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('blockquote')).toContainText(replyText);
    await expect(reply.getByRole('button', { name: 'Dislike' })).toHaveAttribute('aria-pressed', 'true');

    // Sent with nothing chosen: a readable message, nothing leaves.
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose what went wrong or write a few words.');

    await dialog.getByRole('button', { name: 'Forgot what I said' }).click();
    await dialog.getByRole('button', { name: 'Not like Sofia' }).click();
    await expect(dialog.getByRole('button', { name: 'Forgot what I said' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await dialog
      .getByRole('textbox', { name: 'Anything else? (optional)' })
      .fill('She should ask about my boss.');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page, 'reply feedback', ['[data-testid="conversation"]']);
    await shoot(page, testInfo, 'reply-feedback');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();

    const thanks = page.getByRole('dialog', { name: 'Thank you' });
    await expect(thanks).toContainText('Thanks for telling us. It helps Sofia reply better.');
    await shoot(page, testInfo, 'reply-feedback-sent');
    await thanks.getByRole('button', { name: 'Done' }).click();
    await expect(thanks).toHaveCount(0);
    await expect(conversation(page)).toBeVisible();

    // The API has it, tied to the reply it rates (its chat, character and text kept by the API).
    const messages = (await (
      await request.get(`/api/Chats/${chatId}/messages?limit=50`, { headers: account.headers })
    ).json()) as Array<{ id: string; sender: string; message: string | null }>;
    const rated = messages.filter((m) => m.sender === 'character').at(-1)!;
    const stored = (await (
      await request.get('/api/testing/feedback', { headers: account.headers })
    ).json()) as {
      feedback: Array<Record<string, unknown>>;
    };
    expect(stored.feedback).toHaveLength(1);
    expect(stored.feedback[0]).toMatchObject({
      category: 'chat_reply',
      messageId: rated.id,
      chatId,
      personId: sofia.id,
      reasons: ['forgot', 'out_of_character'],
      message: 'She should ask about my boss.',
      text: rated.message,
    });

    // Bad input straight at the API: a 4xx naming the field.
    const bad = async (data: object) => {
      const response = await request.post('/api/feedback', { headers: account.headers, data });
      return [response.status(), ((await response.json()) as { error: { field: string } }).error.field];
    };
    expect(await bad({ messageId: rated.id, reasons: ['boring'] })).toEqual([400, 'reasons.0']);
    expect(await bad({ messageId: rated.id })).toEqual([400, 'message']);
    expect(await bad({ messageId: crypto.randomUUID(), reasons: ['forgot'] })).toEqual([404, 'messageId']);
  });
});
