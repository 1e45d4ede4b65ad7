// ADR 0361: a character made from a Character Card opens a new chat with its first_mes, and every engine
// gets the card's fields with the chat.

import type { Chat } from '@companion/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend, useTestApp } from '../../../test/backend-suites.ts';
import { createDbChatStore } from '../../hubs/db-chat-store.ts';
import { useFixtureUser } from '../../seed/test-fixtures.ts';
import { credit, getBalance, spend } from '../tokens/ledger.ts';
import { chatsFeature } from './index.ts';

describeEachBackend('a card character’s chat ($backend)', 'start', (backend) => {
  const t = useTestApp(backend, { features: [chatsFeature()] });
  const alice = useFixtureUser(t, { tokens: 10 });
  let personId: string;
  beforeAll(async () => {
    personId = crypto.randomUUID();
    const card = {
      firstMes: '*looks up from the map* Another ship in this weather, {{user}}? I am {{char}}. Come in.',
      scenario: 'A stormy night at the lighthouse.',
    };
    await t.db.query(
      `INSERT INTO person_models (id, owner_user_id, first_name, age, is_anime, description, persona)
         VALUES ($1, $2, 'Aria', 27, false, 'A lighthouse keeper.', $3::jsonb)`,
      [personId, alice.id, JSON.stringify({ personality: 'caring', card })],
    );
  });

  it('should open a new chat with the card’s first message, once', async () => {
    const start = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Chats/start',
        headers: alice.headers,
        payload: { personModelId: personId },
      });
    await t.db.query("UPDATE users SET user_name = 'Tom' WHERE id = $1", [alice.id]);
    const first = await start();
    expect(first.statusCode).toBe(201);
    const chat = first.json<Chat>();
    expect(chat.messages.map((m) => [m.sender, m.message])).toEqual([
      ['character', '*looks up from the map* Another ship in this weather, Tom? I am Aria. Come in.'],
    ]);
    const again = await start();
    expect(again.json<Chat>().messages).toHaveLength(1);

    const store = createDbChatStore({ db: t.db, ledger: { spend, credit, getBalance } });
    const hubChat = await store.findChat(alice.id, chat.id);
    expect(hubChat?.character.card?.scenario).toBe('A stormy night at the lighthouse.');
    expect(hubChat?.history).toEqual([{ sender: 'character', text: expect.stringContaining('Aria') }]);
  });
});
