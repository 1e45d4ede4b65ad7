// A reply paid for when the API died is refunded at the next start (once) and shown as failed.

import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachBackend, useTestDatabase } from '../../test/backend-suites.ts';
import type { CompanionEngine } from '../engines/companion/index.ts';
import { credit, getBalance, spend } from '../features/tokens/ledger.ts';
import { createChatHub } from './chat-hub.ts';
import { userWithChat } from './chat-fixtures.ts';
import { createDbChatStore, recoverInterruptedReplies } from './db-chat-store.ts';

const ledger = { spend, credit, getBalance };
const silentEngine: CompanionEngine = {
  name: 'silent',
  // eslint-disable-next-line require-yield -- never answers: the process "dies" before it would
  async *reply() {
    await new Promise(() => undefined);
  },
};

describeEachBackend('reply recovery ($backend)', 'after a crash', (backend) => {
  const t = useTestDatabase(backend);

  const paidUserWithChat = (tokens: number) => userWithChat(t.db, tokens);

  it('should refund an unfinished paid reply once at start and mark it failed for the client', async () => {
    const { userId, chatId } = await paidUserWithChat(5);
    const store = createDbChatStore({ db: t.db, ledger, messagePrice: async () => 2 });
    // The process that accepted (and charged) the message dies before its reply is stored.
    const replyId = randomUUID();
    await store.acceptUserMessage({ userId, chatId, text: 'hello?', price: 2, replyId });
    expect((await getBalance(t.db, userId)).balance).toBe(3);

    // Next start: refunded and marked failed; a second run (or a second instance) changes nothing.
    expect(await recoverInterruptedReplies(t.db, ledger, new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(
      1,
    );
    expect((await getBalance(t.db, userId)).balance).toBe(5);
    await recoverInterruptedReplies(t.db, ledger, new Date(Date.now() + 1000));
    expect((await getBalance(t.db, userId)).balance).toBe(5);
    const rows = await t.db.query<{ status: string; error: string }>(
      'SELECT status, error FROM chat_replies WHERE reply_id = $1',
      [replyId],
    );
    expect(rows[0]).toEqual({ status: 'failed', error: 'interrupted' });

    // A fresh hub (the restarted process) shows it as failed and a resume says generation_failed.
    const { hub } = createChatHub({ store, engine: silentEngine });
    const ctx = {
      hub: 'chatHub',
      connectionId: 'c',
      userId,
      signal: new AbortController().signal,
      connectionSignal: new AbortController().signal,
    };
    expect(await hub.methods!['GetReplies']!(ctx, chatId)).toEqual([
      { replyId, chatId, status: 'failed', lastIndex: -1 },
    ]);
    const resumed = hub.streams!['ResumeReply']!(ctx, replyId, -1)[Symbol.asyncIterator]();
    await expect(resumed.next()).rejects.toThrow('generation_failed');
  });

  it('should leave replies started after the cutoff (a live process) alone', async () => {
    const { userId, chatId } = await paidUserWithChat(3);
    const store = createDbChatStore({ db: t.db, ledger });
    await store.acceptUserMessage({ userId, chatId, text: 'hi', price: 1, replyId: randomUUID() });
    await recoverInterruptedReplies(t.db, ledger, new Date(Date.now() - 60_000));
    expect((await getBalance(t.db, userId)).balance).toBe(2);
  });
});
