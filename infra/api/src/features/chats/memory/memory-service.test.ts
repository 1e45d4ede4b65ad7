// ADR 0360: a chat's memory is kept in the database after each reply, cut to a budget for the engines, and
// goes with its chat.

import { describe, expect, it } from 'vitest';
import { describeEachBackend, useTestDatabase } from '../../../../test/backend-suites.ts';
import type { Database } from '../../../db/database.ts';
import { userWithChat } from '../../../hubs/chat-fixtures.ts';
import { createDbChatStore } from '../../../hubs/db-chat-store.ts';
import { credit, getBalance, spend } from '../../tokens/ledger.ts';
import {
  createChatMemory,
  learnFacts,
  MEMORY_BUDGET_CHARS,
  memoryForPrompt,
  mergeFacts,
} from './memory-service.ts';
import { readMemory } from './memory-store.ts';

const mia = { name: 'Mia' };

async function say(db: Database, chatId: string, sender: 'user' | 'character', text: string) {
  await db.query('INSERT INTO messages (id, chat_id, sender, message) VALUES ($1, $2, $3, $4)', [
    crypto.randomUUID(),
    chatId,
    sender,
    text,
  ]);
}

describeEachBackend('chat memory ($backend)', 'service', (backend) => {
  const t = useTestDatabase(backend);

  it('should keep the facts of a user line and hand them to the hub’s next send', async () => {
    const { userId, chatId } = await userWithChat(t.db, 10);
    const memory = createChatMemory({ db: t.db });
    await memory.afterReply({ chatId, userText: "My dog's name is Biscuit", character: mia });
    await memory.afterReply({ chatId, userText: 'I work as a nurse at the city hospital', character: mia });

    const stored = await readMemory(t.db, chatId);
    expect(stored?.facts.map((f) => [f.kind, f.subject, f.value])).toEqual([
      ['pet', 'dog', 'Biscuit'],
      ['work', 'job', 'nurse'],
    ]);
    // A fresh store (another process, after a restart) reads the same memory with the chat.
    const store = createDbChatStore({ db: t.db, ledger: { spend, credit, getBalance } });
    const chat = await store.findChat(userId, chatId);
    expect(chat?.memory?.facts).toEqual(['Their dog is called Biscuit.', 'They work as a nurse.']);
    expect(chat?.memory?.items?.[0]?.value).toBe('Biscuit');
  });

  it('should replace a fact told again and never show another user’s chat memory', async () => {
    const { chatId } = await userWithChat(t.db, 10);
    const other = await userWithChat(t.db, 10);
    const memory = createChatMemory({ db: t.db });
    await memory.afterReply({ chatId, userText: 'my dog is called Rex', character: mia });
    await memory.afterReply({ chatId, userText: 'my dog is called Biscuit now', character: mia });
    expect((await readMemory(t.db, chatId))?.facts.map((f) => f.value)).toEqual(['Biscuit']);
    const store = createDbChatStore({ db: t.db, ledger: { spend, credit, getBalance } });
    expect(await store.findChat(other.userId, chatId)).toBeNull();
  });

  it('should fold the turns leaving the window into a summary, with the engine’s summariser when it has one', async () => {
    const { chatId } = await userWithChat(t.db, 10);
    for (let i = 0; i < 16; i++) {
      await say(t.db, chatId, 'user', `I went hiking on trail number ${i} with friends`);
      await say(t.db, chatId, 'character', `Sounds fun ${i}`);
    }
    const plain = createChatMemory({ db: t.db });
    await plain.afterReply({ chatId, userText: 'ok', character: mia });
    const first = await readMemory(t.db, chatId);
    expect(first?.summary).toMatch(/^They said they went hiking on trail number 0 with friends\./);
    expect(first?.summary).not.toContain('number 6');

    for (let i = 16; i < 28; i++) {
      await say(t.db, chatId, 'user', `line ${i}`);
      await say(t.db, chatId, 'character', `reply ${i}`);
    }
    const seen: Array<{ previous: string | null; turns: number }> = [];
    const withModel = createChatMemory({
      db: t.db,
      engine: {
        async summarize({ previous, turns }) {
          seen.push({ previous, turns: turns.length });
          return 'A model-written summary.';
        },
      },
    });
    await withModel.afterReply({ chatId, userText: 'ok', character: mia });
    expect(seen[0]?.previous).toBe(first?.summary);
    expect(seen[0]?.turns).toBeGreaterThanOrEqual(10);
    expect((await readMemory(t.db, chatId))?.summary).toBe('A model-written summary.');
  });

  it('should go with its chat', async () => {
    const { chatId } = await userWithChat(t.db, 10);
    await createChatMemory({ db: t.db }).afterReply({ chatId, userText: 'my name is Tom', character: mia });
    expect(await readMemory(t.db, chatId)).not.toBeNull();
    await t.db.query('DELETE FROM chats WHERE id = $1', [chatId]);
    expect(await readMemory(t.db, chatId)).toBeNull();
  });
});

describe('memory for a prompt', () => {
  it('should keep durable facts first and stay within the budget', async () => {
    let facts = await learnFacts("my dog's name is Biscuit", new Date());
    for (let i = 0; i < 120; i++)
      facts = mergeFacts(
        facts,
        await learnFacts(`I did thing number ${i} today with a friend of mine`, new Date()),
      );
    const memory = memoryForPrompt({ facts, summary: 'x'.repeat(5000), summarizedSeq: 0 })!;
    const size = memory.facts.join(' ').length + (memory.summary?.length ?? 0);
    expect(size).toBeLessThanOrEqual(MEMORY_BUDGET_CHARS);
    expect(memory.facts).toContain('Their dog is called Biscuit.');
    // The newest events are the ones kept.
    expect(memory.facts.at(-1)).toContain('number 119');
    expect(memory.facts.join(' ')).not.toContain('number 1 ');
  });
});
