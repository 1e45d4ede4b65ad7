import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachBackend, useTestDatabase } from '../../test/backend-suites.ts';
import { insertUser } from './accounts.ts';
import { sweepExpired } from './housekeeping.ts';

describeEachBackend('housekeeping on $backend', 'sweepExpired', (backend) => {
  const t = useTestDatabase(backend);

  it('should delete only expired secrets and abandoned timers', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const past = new Date(now.getTime() - 1000);
    const future = new Date(now.getTime() + 60_000);
    const user = await t.db.transaction((tx) => insertUser(tx, { isAnonymous: true }));
    for (const expires of [past, future]) {
      await t.db.query(
        'INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at) VALUES ($1, $2, $3, $4, $5)',
        [crypto.randomUUID(), user.id, crypto.randomUUID(), crypto.randomUUID(), expires],
      );
      await t.db.query('INSERT INTO magic_links (code_hash, email, expires_at) VALUES ($1, $2, $3)', [
        crypto.randomUUID(),
        'a@example.com',
        expires,
      ]);
      await t.db.query(
        "INSERT INTO saved_auth (id, user_id, payload, expires_at) VALUES ($1, $2, '{}', $3)",
        [crypto.randomUUID(), user.id, expires],
      );
    }
    await t.db.query(
      "INSERT INTO metric_timers (id, user_id, metric, started_at) VALUES ('old', $1, 'm', $2), ('new', $1, 'm', $3)",
      [user.id, new Date(now.getTime() - 2 * 86_400_000), past],
    );
    expect(await sweepExpired(t.db, now)).toEqual({
      refreshTokens: 1,
      magicLinks: 1,
      savedAuth: 1,
      metricTimers: 1,
    });
    expect(await sweepExpired(t.db, now)).toEqual({
      refreshTokens: 0,
      magicLinks: 0,
      savedAuth: 0,
      metricTimers: 0,
    });
    const timers = await t.db.query<{ id: string }>('SELECT id FROM metric_timers');
    expect(timers.map((timer) => timer.id)).toEqual(['new']);
  });
});
