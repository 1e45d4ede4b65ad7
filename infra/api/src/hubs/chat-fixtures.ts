// Test data for the chat store's suites: what a send needs in the database.

import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { credit } from '../features/tokens/ledger.ts';

/** A guest user credited `tokens` (no balance row when null), a public character and the user's chat with it. */
export async function userWithChat(
  db: Database,
  tokens: number | null,
): Promise<{ userId: string; chatId: string }> {
  const userId = randomUUID();
  await db.query('INSERT INTO users (id, is_anonymous) VALUES ($1, true)', [userId]);
  if (tokens !== null) await db.transaction((tx) => credit(tx, { userId, amount: tokens, reason: 'test' }));
  const chatId = await chatWithCharacter(db, userId);
  return { userId, chatId };
}

/** What a fixture character may differ in; by default a public barista with an empty persona. */
export interface FixtureCharacter {
  locked?: boolean;
  description?: string;
  persona?: object;
}

/** A character named 'Mia' and `userId`'s chat with her; returns the chat's id. */
export async function chatWithCharacter(
  db: Database,
  userId: string,
  character: FixtureCharacter = {},
): Promise<string> {
  const personId = randomUUID();
  await db.query(
    `INSERT INTO person_models (id, first_name, age, is_anime, is_locked, description, persona)
     VALUES ($1, 'Mia', 25, false, $2, $3, $4)`,
    [
      personId,
      character.locked ?? false,
      character.description ?? 'A barista.',
      JSON.stringify(character.persona ?? {}),
    ],
  );
  const chatId = randomUUID();
  await db.query('INSERT INTO chats (id, user_id, person_model_id) VALUES ($1, $2, $3)', [
    chatId,
    userId,
    personId,
  ]);
  return chatId;
}
