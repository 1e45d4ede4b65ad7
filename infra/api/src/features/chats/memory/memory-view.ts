// What the user sees of a chat's memory (the chat remote's Memory view) and how they make the character forget.

import type { Database } from '../../../db/database.ts';
import { theyToYou } from '../../../engines/companion/language.ts';
import type { MemoryFactKind } from '../../../engines/companion/index.ts';
import { notFound } from '../../../http/errors.ts';
import { assertChatOwner } from '../chat-service.ts';
import { lockMemory, readMemory, writeMemory } from './memory-store.ts';

/** The Memory view's wire shape (`GET /api/Chats/{chatId}/memory`). */
export interface MemoryView {
  /** Oldest first; `text` is told to the user ("Your dog is called Biscuit."). */
  facts: Array<{ id: string; kind: MemoryFactKind; text: string; at: string }>;
  /** The summary of older turns, told to the user, or null. */
  summary: string | null;
}

/** The chat's memory for its owner (403 another user's chat, 404 no chat). */
export async function getMemoryView(db: Database, userId: string, chatId: string): Promise<MemoryView> {
  await assertChatOwner(db, userId, chatId);
  const stored = await readMemory(db, chatId);
  return {
    facts: (stored?.facts ?? []).map(({ id, kind, told, at }) => ({ id, kind, text: told, at })),
    summary: stored?.summary ? theyToYou(stored.summary) : null,
  };
}

/** Deletes one fact, or the summary, of the owner's chat; 404 `memory_not_found` for a fact it does not have. */
export async function forget(
  db: Database,
  userId: string,
  input: { chatId: string; factId?: string | undefined; summary?: boolean | undefined },
): Promise<MemoryView> {
  await assertChatOwner(db, userId, input.chatId);
  await db.transaction(async (tx) => {
    const memory = await lockMemory(tx, input.chatId);
    if (input.factId !== undefined) {
      const facts = memory.facts.filter((fact) => fact.id !== input.factId);
      if (facts.length === memory.facts.length)
        throw notFound('This chat remembers no such fact.', 'memory_not_found');
      await writeMemory(tx, input.chatId, { ...memory, facts });
    }
    // The turns it covered stay folded (summarized_seq): forgetting them does not bring them back later.
    if (input.summary) await writeMemory(tx, input.chatId, { ...memory, summary: null });
  });
  return getMemoryView(db, userId, input.chatId);
}
