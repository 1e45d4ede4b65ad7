import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend, useTestDatabase } from '../../../test/backend-suites.ts';
import { SEED_CHARACTERS } from '../../seed/characters.ts';
import { seedCharacterId } from '../../seed/ids.ts';
import { seedCatalogue } from '../../seed/seed-catalogue.ts';
import { createFixtureUser } from '../../seed/test-fixtures.ts';
import { appendMessage, listChats, startChat } from '../chats/chat-service.ts';
import { mergeCatalogue } from './account-merge.ts';

const SOFIA = seedCharacterId('sofia');
const EMMA = seedCharacterId('emma');
const LOCKED = seedCharacterId(SEED_CHARACTERS.find((c) => c.tier === 'locked')!.slug);

describeEachBackend('mergeCatalogue on $backend', 'database', (backend) => {
  const t = useTestDatabase(backend);
  beforeAll(async () => {
    await seedCatalogue(t.db);
  });

  it("should move the visitor's characters, images, unlocks and chats to the account, folding duplicate chats", async () => {
    const visitor = await createFixtureUser(t.db, 'secret-secret-secret-secret-secret');
    const account = await createFixtureUser(t.db, 'secret-secret-secret-secret-secret', {
      isAnonymous: false,
    });
    const [own] = await t.db.query<{ id: string }>(
      `INSERT INTO person_models (id, owner_user_id, first_name, age, is_anime) VALUES (gen_random_uuid(), $1, 'Mine', 22, true) RETURNING id`,
      [visitor.id],
    );
    await t.db.query('INSERT INTO person_model_unlocks (user_id, person_model_id) VALUES ($1, $2)', [
      visitor.id,
      LOCKED,
    ]);
    await t.db.query('INSERT INTO person_model_unlocks (user_id, person_model_id) VALUES ($1, $2)', [
      account.id,
      LOCKED,
    ]);
    const [galleryImage] = await t.db.query<{ id: string }>(
      `SELECT id FROM person_model_images WHERE kind = 'gallery' LIMIT 1`,
    );
    await t.db.query('INSERT INTO gallery_unlocks (user_id, person_model_image_id) VALUES ($1, $2)', [
      visitor.id,
      galleryImage!.id,
    ]);
    await t.db.query(
      `INSERT INTO image_batches (id, user_id, requested, price, status) VALUES (gen_random_uuid(), $1, 2, 10, 'done')`,
      [visitor.id],
    );
    const visitorSofia = (await startChat(t.db, visitor.id, SOFIA)).chat;
    const visitorEmma = (await startChat(t.db, visitor.id, EMMA)).chat;
    const accountSofia = (await startChat(t.db, account.id, SOFIA)).chat;
    await appendMessage(t.db, accountSofia.id, 'user', { message: 'older, from the account' });
    await appendMessage(t.db, visitorSofia.id, 'user', { message: 'from the visitor' });

    await t.db.transaction((tx) => mergeCatalogue(tx, { fromUserId: visitor.id, toUserId: account.id }));

    const [owner] = await t.db.query<{ owner_user_id: string }>(
      'SELECT owner_user_id FROM person_models WHERE id = $1',
      [own!.id],
    );
    expect(owner!.owner_user_id).toBe(account.id);
    expect(
      await t.db.query('SELECT 1 FROM person_model_unlocks WHERE user_id = $1', [visitor.id]),
    ).toHaveLength(0);
    expect(
      await t.db.query('SELECT 1 FROM person_model_unlocks WHERE user_id = $1', [account.id]),
    ).toHaveLength(1);
    expect(await t.db.query('SELECT 1 FROM gallery_unlocks WHERE user_id = $1', [account.id])).toHaveLength(
      1,
    );
    // A photo batch the visitor started stays resumable after signing up (ADR 0181).
    expect(await t.db.query('SELECT 1 FROM image_batches WHERE user_id = $1', [account.id])).toHaveLength(1);
    const chats = await listChats(t.db, account.id);
    expect(chats.map((c) => c.personModelEntityId).sort()).toEqual([SOFIA, EMMA].sort());
    expect(chats.find((c) => c.personModelEntityId === EMMA)!.id).toBe(visitorEmma.id);
    const sofiaChat = chats.find((c) => c.personModelEntityId === SOFIA)!;
    expect(sofiaChat.id).toBe(accountSofia.id);
    const messages = await t.db.query<{ message: string }>(
      'SELECT message FROM messages WHERE chat_id = $1 ORDER BY seq',
      [sofiaChat.id],
    );
    expect(messages.map((m) => m.message)).toEqual(['older, from the account', 'from the visitor']);
    expect(await listChats(t.db, visitor.id)).toEqual([]);
  });
});
