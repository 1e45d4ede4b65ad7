// ADR 0270: the boot-time warm-up of a chat send's statements leaves the database as it found it.

import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachBackend, useTestDatabase } from '../../test/backend-suites.ts';
import { credit, getBalance, spend } from '../features/tokens/ledger.ts';
import { userWithChat } from './chat-fixtures.ts';
import { createDbChatStore, warmSendPath } from './db-chat-store.ts';

const ledger = { spend, credit, getBalance };
const TABLES = [
  'users',
  'person_models',
  'chats',
  'messages',
  'token_balances',
  'token_ledger',
  'chat_replies',
];

describeEachBackend('chat send warm-up ($backend)', 'at start', (backend) => {
  const t = useTestDatabase(backend);

  /** Every row of the tables a send touches, as text: equal before and after means nothing was kept. */
  async function snapshot(): Promise<string[]> {
    const all: string[] = [];
    for (const table of TABLES) {
      const rows = await t.db.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t ORDER BY 1`);
      all.push(`${table}: ${rows.length}`, ...rows.map((r) => r.row));
    }
    return all;
  }

  it('should leave every row of the tables a send touches as it was, on an empty and a used database', async () => {
    const empty = await snapshot();
    await warmSendPath(t.db, ledger);
    expect(await snapshot()).toEqual(empty);

    const { userId, chatId } = await userWithChat(t.db, 5);
    const store = createDbChatStore({ db: t.db, ledger });
    await store.acceptUserMessage({ userId, chatId, text: 'hi', price: 1, replyId: randomUUID() });
    const used = await snapshot();
    await warmSendPath(t.db, ledger);
    await warmSendPath(t.db, ledger);
    expect(await snapshot()).toEqual(used);
  });

  it('should leave a send after it charged once, with its message stored once', async () => {
    await warmSendPath(t.db, ledger);
    const { userId, chatId } = await userWithChat(t.db, 5);
    const store = createDbChatStore({ db: t.db, ledger });
    const accepted = await store.acceptUserMessage({
      userId,
      chatId,
      text: 'after the warm-up',
      price: 2,
      replyId: randomUUID(),
      clientMessageId: 'client-1',
    });
    expect(accepted.remainingTokens).toBe(3);
    expect((await getBalance(t.db, userId)).balance).toBe(3);
    const messages = await t.db.query('SELECT 1 FROM messages WHERE chat_id = $1', [chatId]);
    expect(messages).toHaveLength(1);
  });
});
