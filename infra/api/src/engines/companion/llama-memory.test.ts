// ADR 0380 and 0360: the local model is given the chat's memory. A fact told long before the recent turns reaches the
// prompt the model evaluates (its chat template, after the library fits the history into the context), through the
// real path: the memory service keeps it in the database, the hub's store reads it with the chat, the engine renders
// it. The tiny random-weight model cannot answer, so the test reads the prompt it was given.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import type { Database } from '../../db/database.ts';
import { appendMessage } from '../../features/chats/chat-service.ts';
import { createChatMemory } from '../../features/chats/memory/memory-service.ts';
import { credit, getBalance, spend } from '../../features/tokens/ledger.ts';
import { userWithChat } from '../../hubs/chat-fixtures.ts';
import { createDbChatStore } from '../../hubs/db-chat-store.ts';
import { createLlamaEngine } from './llama-engine.ts';
import type { LlamaEngine, LlamaPrompt } from './llama-engine.ts';
import { tinyGgufPath } from './tiny-gguf.ts';

const CONTEXT = 512;
const prompts: LlamaPrompt[] = [];
let db: Database;
let cleanup: () => Promise<void>;
let engine: LlamaEngine;

beforeAll(async () => {
  ({ db, cleanup } = await openTestDatabase('pglite'));
  // A small context, so the library has to cut the history to fit: the memory must survive the cut.
  engine = createLlamaEngine({
    modelPath: await tinyGgufPath(),
    slots: 1,
    contextSize: CONTEXT,
    maxTokens: 4,
    temperature: 0,
    onPrompt: (prompt) => prompts.push(prompt),
  });
  await engine.ready();
}, 120_000);

afterAll(async () => {
  await engine?.close();
  await cleanup?.();
});

describe('the local model and the chat memory', () => {
  it('should put a fact told before the recent turns into the prompt the model evaluates', async () => {
    const { userId, chatId } = await userWithChat(db, null);
    const memory = createChatMemory({ db, engine });
    const lines = [
      "My dog's name is Biscuit",
      ...Array.from({ length: 14 }, (_, i) => `small talk number ${i + 1}, nothing to remember here`),
    ];
    for (const line of lines) {
      await appendMessage(db, chatId, 'user', { message: line });
      await appendMessage(db, chatId, 'character', {
        message: 'Mm, tell me more about that, I am listening.',
      });
      await memory.afterReply({ chatId, userText: line, character: { name: 'Mia' } });
    }

    // What the hub does with a send: the chat read with its memory, the last 20 turns, the user's line.
    const store = createDbChatStore({ db, ledger: { spend, credit, getBalance } });
    const chat = (await store.findChat(userId, chatId))!;
    const ask = "Do you remember my dog's name?";
    prompts.length = 0;
    for await (const piece of engine.reply(
      {
        character: chat.character,
        history: chat.history.slice(-20),
        userMessage: ask,
        ...(chat.memory ? { memory: chat.memory } : {}),
      },
      new AbortController().signal,
    ))
      void piece;

    const prompt = prompts.find((p) => p.kind === 'reply')!;
    // The line itself has left the turns the model sees: only the memory can bring the name.
    expect(prompt.text).not.toContain("My dog's name is Biscuit");
    expect(prompt.text).toContain('Their dog is called Biscuit.');
    expect(prompt.text).toContain(ask);
    expect(prompt.tokens).toBeLessThanOrEqual(CONTEXT);
  }, 180_000);
});
