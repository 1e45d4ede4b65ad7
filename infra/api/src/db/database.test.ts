import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend, useTestDatabase } from '../../test/backend-suites.ts';

describeEachBackend('database adapter on $backend', 'query and transaction', (backend) => {
  const t = useTestDatabase(backend);
  beforeAll(async () => {
    await t.db.exec(
      'CREATE TABLE adapter_t (id integer PRIMARY KEY, v text); CREATE TABLE adapter_u (n bigint)',
    );
  });

  it('should return rows with int8 as numbers on both backends', async () => {
    await t.db.query('INSERT INTO adapter_u (n) VALUES ($1), ($2)', [1, 2]);
    const rows = await t.db.query<{ c: number; s: number }>(
      'SELECT count(*) AS c, sum(n)::bigint AS s FROM adapter_u',
    );
    expect(rows).toEqual([{ c: 2, s: 3 }]);
  });

  it('should commit on success and roll back everything on throw', async () => {
    await t.db.transaction(async (tx) => {
      await tx.query("INSERT INTO adapter_t VALUES (1, 'a')");
    });
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query("INSERT INTO adapter_t VALUES (2, 'b')");
        await tx.query("INSERT INTO adapter_t VALUES (1, 'duplicate')");
      }),
    ).rejects.toThrow();
    expect(await t.db.query('SELECT id FROM adapter_t ORDER BY id')).toEqual([{ id: 1 }]);
  });

  it('should not interleave statements of concurrent transactions', async () => {
    // Each transaction reads then writes; with interleaving, two would read the same max and collide.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.db.transaction(async (tx) => {
          await tx.query('LOCK TABLE adapter_t IN EXCLUSIVE MODE');
          const [row] = await tx.query<{ m: number }>('SELECT max(id) AS m FROM adapter_t');
          await tx.query("INSERT INTO adapter_t VALUES ($1, 'x')", [row!.m + 1]);
        }),
      ),
    );
    expect(await t.db.query('SELECT count(*)::int AS n FROM adapter_t')).toEqual([{ n: 21 }]);
  });

  it('should fail fast when t.db is used inside its own transaction, but allow it after commit', async () => {
    await expect(t.db.transaction(async () => t.db.query('SELECT 1'))).rejects.toThrow(/use the `tx`/);
    await expect(t.db.transaction(async () => t.db.transaction(async () => 1))).rejects.toThrow(
      /use the `tx`/,
    );
    let later: Promise<unknown> | null = null;
    await t.db.transaction(async () => {
      later = new Promise((resolve) => setTimeout(resolve, 5)).then(() => t.db.query('SELECT 1 AS one'));
    });
    expect(await later).toEqual([{ one: 1 }]);
  });
});
