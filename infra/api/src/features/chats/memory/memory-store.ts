// The chat_memory row of one chat (migration 0940): read by primary key on every send, written after replies.

import type { Queryable } from '../../../db/database.ts';
import type { MemoryFact } from '../../../engines/companion/index.ts';

/** A fact as stored: with its sentences written once, when it is learnt, so no send has to parse them. */
export interface StoredFact extends MemoryFact {
  /** Told to the user ("Your dog is called Biscuit."): the Memory view. */
  told: string;
  /** About the user ("Their dog is called Biscuit."): the engines' prompt. */
  about: string;
}

/** A chat's memory as stored. */
export interface StoredMemory {
  facts: StoredFact[];
  summary: string | null;
  /** The last message (by `seq`) folded into the summary; 0 while none is. */
  summarizedSeq: number;
}

interface MemoryRow {
  facts: StoredFact[] | string;
  summary: string | null;
  summarized_seq: string | number;
}

const toStored = (row: MemoryRow): StoredMemory => ({
  facts: typeof row.facts === 'string' ? (JSON.parse(row.facts) as StoredFact[]) : row.facts,
  summary: row.summary,
  summarizedSeq: Number(row.summarized_seq),
});

/** The chat's memory, or null while it has none (one primary-key read). */
export async function readMemory(q: Queryable, chatId: string): Promise<StoredMemory | null> {
  const rows = await q.query<MemoryRow>(
    'SELECT facts, summary, summarized_seq FROM chat_memory WHERE chat_id = $1',
    [chatId],
  );
  return rows[0] ? toStored(rows[0]) : null;
}

/** The chat's memory row locked for an update inside `tx` (created empty when missing). */
export async function lockMemory(tx: Queryable, chatId: string): Promise<StoredMemory> {
  await tx.query('INSERT INTO chat_memory (chat_id) VALUES ($1) ON CONFLICT (chat_id) DO NOTHING', [chatId]);
  const rows = await tx.query<MemoryRow>(
    'SELECT facts, summary, summarized_seq FROM chat_memory WHERE chat_id = $1 FOR UPDATE',
    [chatId],
  );
  return toStored(rows[0]!);
}

/** Writes the whole memory of a chat (inside the transaction that locked it). */
export async function writeMemory(tx: Queryable, chatId: string, memory: StoredMemory): Promise<void> {
  await tx.query(
    `UPDATE chat_memory SET facts = $2::jsonb, summary = $3, summarized_seq = $4, updated_at = now()
     WHERE chat_id = $1`,
    [chatId, JSON.stringify(memory.facts), memory.summary, memory.summarizedSeq],
  );
}

/** The chat's text turns after `afterSeq`, oldest first, with their order key. */
export async function turnsAfter(
  q: Queryable,
  chatId: string,
  afterSeq: number,
): Promise<Array<{ seq: number; sender: 'user' | 'character'; text: string }>> {
  const rows = await q.query<{ seq: string | number; sender: 'user' | 'character'; message: string }>(
    `SELECT seq, sender, message FROM messages
     WHERE chat_id = $1 AND seq > $2 AND message IS NOT NULL AND message <> '' ORDER BY seq`,
    [chatId, afterSeq],
  );
  return rows.map((row) => ({ seq: Number(row.seq), sender: row.sender, text: row.message }));
}
