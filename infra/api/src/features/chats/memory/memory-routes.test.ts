// ADR 0360: the user sees what the character remembers of a chat and deletes any of it; only their own.

import type { Chat } from '@companion/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend, useTestApp } from '../../../../test/backend-suites.ts';
import { CORE_FEATURES } from '../../../app.ts';
import { seedCharacterId } from '../../../seed/ids.ts';
import { useFixtureUser } from '../../../seed/test-fixtures.ts';
import type { FixtureUser } from '../../../seed/test-fixtures.ts';
import { chatsFeature } from '../index.ts';
import { createChatMemory } from './memory-service.ts';
import type { MemoryView } from './memory-view.ts';

describeEachBackend('chat memory routes ($backend)', 'Memory view', (backend) => {
  const t = useTestApp(backend, { features: [...CORE_FEATURES, chatsFeature()] });
  const alice = useFixtureUser(t, { tokens: 100 });
  const bob = useFixtureUser(t);
  let chatId: string;
  beforeAll(async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Chats/start',
      headers: alice.headers,
      payload: { personModelId: seedCharacterId('sofia') },
    });
    chatId = started.json<Chat>().id;
    const memory = createChatMemory({ db: t.db });
    for (const line of ["My dog's name is Biscuit", 'my boss yelled at me today', 'I live in Lisbon'])
      await memory.afterReply({ chatId, userText: line, character: { name: 'Sofia' } });
    await t.db.query(
      "UPDATE chat_memory SET summary = 'They said they love rainy days.' WHERE chat_id = $1",
      [chatId],
    );
  });

  const view = (user: FixtureUser, id = chatId) =>
    t.app.inject({ method: 'GET', url: `/api/Chats/${id}/memory`, headers: user.headers });
  const forget = (user: FixtureUser, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/Chats/forget', headers: user.headers, payload });

  it('should list the facts told to the user and the summary', async () => {
    const res = await view(alice);
    expect(res.statusCode).toBe(200);
    const body = res.json<MemoryView>();
    expect(body.facts.map((f) => f.text)).toEqual([
      'Your dog is called Biscuit.',
      'Your boss yelled at you today.',
      'You live in Lisbon.',
    ]);
    expect(body.summary).toBe('You said you love rainy days.');
  });

  it('should answer 403 for another user’s chat, 404 for none and 400 naming the field', async () => {
    expect((await view(bob)).statusCode).toBe(403);
    expect((await view(alice, crypto.randomUUID())).statusCode).toBe(404);
    const badId = await view(alice, 'nope');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.field).toBe('chatId');
    const neither = await forget(alice, { chatId });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.field).toBe('factId');
    const badFact = await forget(alice, { chatId, factId: 'x' });
    expect(badFact.json().error.field).toBe('factId');
    expect((await forget(bob, { chatId, summary: true })).statusCode).toBe(403);
    const unknown = await forget(alice, { chatId, factId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('memory_not_found');
  });

  it('should forget one fact, then the summary, and keep them forgotten', async () => {
    const before = (await view(alice)).json<MemoryView>();
    const dog = before.facts[0]!;
    const after = await forget(alice, { chatId, factId: dog.id });
    expect(after.statusCode).toBe(200);
    expect(after.json<MemoryView>().facts.map((f) => f.id)).not.toContain(dog.id);
    const noSummary = await forget(alice, { chatId, summary: true });
    expect(noSummary.json<MemoryView>().summary).toBeNull();
    const again = (await view(alice)).json<MemoryView>();
    expect(again.facts).toHaveLength(2);
    expect(again.summary).toBeNull();
  });

  it('should delete the memory of every chat when the account is deleted', async () => {
    const rows = () =>
      t.db.query('SELECT 1 FROM chat_memory m JOIN chats c ON c.id = m.chat_id WHERE c.user_id = $1', [
        alice.id,
      ]);
    expect(await rows()).toHaveLength(1);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/User', headers: alice.headers });
    expect(deleted.statusCode).toBe(204);
    expect(await rows()).toHaveLength(0);
  });
});
