// ADR 0270: a paid send is one statement; it charges exactly once, writes nothing on a short balance, and a
// duplicate client id (unique per chat) fails as a whole, under concurrency, on both backends.

import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend, useTestDatabase } from '../../test/backend-suites.ts';
import { credit, getBalance, spend } from '../features/tokens/ledger.ts';
import { userWithChat as newUserWithChat } from './chat-fixtures.ts';
import { createDbChatStore } from './db-chat-store.ts';
import { DuplicateSendError, NotEnoughTokensError } from './ports.ts';
import type { ChatReplyStore } from './ports.ts';

const ledger = { spend, credit, getBalance };

describeEachBackend('paid send in one statement ($backend)', 'accept', (backend) => {
  const t = useTestDatabase(backend);
  let store: ChatReplyStore;
  beforeAll(async () => {
    store = createDbChatStore({ db: t.db, ledger });
  });

  /** A user with a chat whose update time is in the past, so the send's bump shows. */
  async function userWithChat(tokens: number | null): Promise<{ userId: string; chatId: string }> {
    const created = await newUserWithChat(t.db, tokens);
    await t.db.query("UPDATE chats SET updated_at = '2026-01-01T00:00:00Z' WHERE id = $1", [created.chatId]);
    return created;
  }

  async function written(userId: string, chatId: string) {
    const ledgerRows = await t.db.query<{
      delta: number;
      reason: string;
      ref_id: string;
      balance_after: number;
    }>(
      `SELECT delta, reason, ref_id, balance_after FROM token_ledger
         WHERE user_id = $1 AND reason <> 'test' ORDER BY id`,
      [userId],
    );
    const messages = await t.db.query<{ sender: string; message: string }>(
      'SELECT sender, message FROM messages WHERE chat_id = $1 ORDER BY seq',
      [chatId],
    );
    const replies = await t.db.query<{ status: string; price: number }>(
      'SELECT status, price FROM chat_replies WHERE chat_id = $1',
      [chatId],
    );
    const [chat] = await t.db.query<{ updated_at: Date }>('SELECT updated_at FROM chats WHERE id = $1', [
      chatId,
    ]);
    return {
      balance: (await getBalance(t.db, userId)).balance,
      spent: (await getBalance(t.db, userId)).spent,
      ledger: ledgerRows,
      messages,
      replies,
      bumped: new Date(chat!.updated_at).getTime() > Date.parse('2026-01-02T00:00:00Z'),
    };
  }

  it('should charge once and write the ledger row, the message, the chat update and the running reply', async () => {
    const { userId, chatId } = await userWithChat(5);
    const replyId = randomUUID();
    const accepted = await store.acceptUserMessage({
      userId,
      chatId,
      text: 'Hi there',
      price: 2,
      replyId,
      clientMessageId: 'c-1',
    });
    expect(accepted.remainingTokens).toBe(3);
    expect(accepted.message).toMatchObject({ chatId, sender: 'user', message: 'Hi there' });
    expect(await written(userId, chatId)).toEqual({
      balance: 3,
      spent: 2,
      ledger: [{ delta: -2, reason: 'chat_message', ref_id: chatId, balance_after: 3 }],
      messages: [{ sender: 'user', message: 'Hi there' }],
      replies: [{ status: 'running', price: 2 }],
      bumped: true,
    });
    const [key] = await t.db.query<{ idempotency_key: string }>(
      "SELECT idempotency_key FROM token_ledger WHERE user_id = $1 AND reason = 'chat_message'",
      [userId],
    );
    expect(key?.idempotency_key).toBe(`reply:${replyId}`);
  });

  it('should write nothing and say what is missing on a short balance, and with no balance row at all', async () => {
    const short = await userWithChat(1);
    const error = await store
      .acceptUserMessage({ ...short, text: 'Hi', price: 2, replyId: randomUUID() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotEnoughTokensError);
    expect((error as Error).message).toBe('Not enough tokens: this costs 2, you have 1.');
    expect(await written(short.userId, short.chatId)).toEqual({
      balance: 1,
      spent: 0,
      ledger: [],
      messages: [],
      replies: [],
      bumped: false,
    });

    const none = await userWithChat(null);
    const nothing = await store
      .acceptUserMessage({ ...none, text: 'Hi', price: 2, replyId: randomUUID() })
      .catch((e: unknown) => e);
    expect((nothing as Error).message).toBe('Not enough tokens: this costs 2, you have 0.');
    expect((await written(none.userId, none.chatId)).messages).toEqual([]);
  });

  it('should not charge again for a ledger key already applied (as ledger.spend), and still store the send', async () => {
    const { userId, chatId } = await userWithChat(5);
    const replyId = randomUUID();
    await t.db.transaction((tx) =>
      spend(tx, {
        userId,
        amount: 2,
        reason: 'chat_message',
        refId: chatId,
        idempotencyKey: `reply:${replyId}`,
      }),
    );
    const accepted = await store.acceptUserMessage({ userId, chatId, text: 'Again', price: 2, replyId });
    expect(accepted.remainingTokens).toBe(3);
    const after = await written(userId, chatId);
    expect(after.balance).toBe(3);
    expect(after.ledger).toHaveLength(1);
    expect(after.messages).toEqual([{ sender: 'user', message: 'Again' }]);
  });

  it('should charge once when the same client id is sent many times at once', async () => {
    const { userId, chatId } = await userWithChat(5);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        store.acceptUserMessage({
          userId,
          chatId,
          text: 'Once',
          price: 2,
          replyId: randomUUID(),
          clientMessageId: 'same-id',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(DuplicateSendError);
    const after = await written(userId, chatId);
    expect(after.balance).toBe(3);
    expect(after.ledger).toHaveLength(1);
    expect(after.messages).toHaveLength(1);
    expect(after.replies).toHaveLength(1);
  });

  it('should never go below zero when different sends race for a short balance', async () => {
    const { userId, chatId } = await userWithChat(5);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        store.acceptUserMessage({
          userId,
          chatId,
          text: `Send ${i}`,
          price: 2,
          replyId: randomUUID(),
          clientMessageId: `client-${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const result of results)
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(NotEnoughTokensError);
    const after = await written(userId, chatId);
    expect(after.balance).toBe(1);
    expect(after.spent).toBe(4);
    expect(after.ledger.map((row) => row.balance_after).sort()).toEqual([1, 3]);
    expect(after.messages).toHaveLength(2);
    expect(after.replies).toHaveLength(2);
  });
});
