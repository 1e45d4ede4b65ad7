import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postgresAvailable, TEST_PG_URL } from '../../test/harness.ts';
import { BackupError, backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup.ts';
import { createDatabase } from './database.ts';
import { migrate } from './migrate.ts';

const PG_TOOLS = ['pg_dump', 'pg_restore'].every((tool) => {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});
const PG_READY = PG_TOOLS && (await postgresAvailable());

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'companion-backup-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

async function probeRows(dataDir: string): Promise<string[]> {
  const db = await createDatabase({ dataDir });
  try {
    return (await db.query<{ note: string }>('SELECT note FROM ops_probe ORDER BY id')).map(
      (row) => row.note,
    );
  } finally {
    await db.close();
  }
}

describe('pnpm db backup|restore on the embedded database (PGlite)', () => {
  it('should restore exactly what was backed up, moving the newer database aside', async () => {
    const dataDir = path.join(root, 'data');
    const db = await createDatabase({ dataDir });
    const applied = await migrate(db);
    await db.exec('CREATE TABLE ops_probe (id serial PRIMARY KEY, note text NOT NULL)');
    await db.query("INSERT INTO ops_probe (note) VALUES ('before backup'), ('second')");
    await db.close();

    const file = path.join(root, 'backups', 'one.tar.gz');
    const backup = await backupPglite(dataDir, file);
    expect(backup.migrations).toBe(applied.length);
    expect(backup.bytes).toBeGreaterThan(1000);

    const later = await createDatabase({ dataDir });
    await later.query("INSERT INTO ops_probe (note) VALUES ('after backup')");
    await later.close();

    await expect(restorePglite(dataDir, file)).rejects.toThrow(/--force/);
    const restored = await restorePglite(dataDir, file, { force: true });
    expect(restored.migrations).toBe(applied.length);
    expect(await probeRows(dataDir)).toEqual(['before backup', 'second']);
    // The replaced database is kept, never deleted.
    expect(restored.movedAside).not.toBeNull();
    expect(fs.existsSync(path.join(restored.movedAside as string, 'PG_VERSION'))).toBe(true);
    // Each on-disk PGlite open takes seconds on a shared 2-core machine; this test opens five.
  }, 180_000);

  it('should refuse a file that is not a backup and leave the current database untouched', async () => {
    const dataDir = path.join(root, 'data');
    const db = await createDatabase({ dataDir });
    await migrate(db);
    await db.exec(
      "CREATE TABLE ops_probe (id serial PRIMARY KEY, note text NOT NULL); INSERT INTO ops_probe (note) VALUES ('kept')",
    );
    await db.close();
    const junk = path.join(root, 'junk.tar.gz');
    fs.writeFileSync(junk, crypto.randomBytes(4096));
    await expect(restorePglite(dataDir, junk, { force: true })).rejects.toBeInstanceOf(BackupError);
    expect(await probeRows(dataDir)).toEqual(['kept']);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.pglite-restore'))).toEqual([]);
    await expect(backupPglite(path.join(root, 'empty'), path.join(root, 'x.tar.gz'))).rejects.toThrow(
      /No embedded database/,
    );
  }, 120_000);
});

describe.skipIf(!PG_READY)('PostgreSQL backup and restore with pg_dump/pg_restore', () => {
  it('should dump a schema and restore it after the data changed', async () => {
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const db = await createDatabase({ databaseUrl: TEST_PG_URL, schema, poolSize: 2 });
    try {
      await migrate(db);
      await db.exec('CREATE TABLE ops_probe (id serial PRIMARY KEY, note text NOT NULL)');
      await db.query("INSERT INTO ops_probe (note) VALUES ('before backup')");
      const countMigrations = async () =>
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations'))[0]?.n;
      const applied = await countMigrations();
      expect(applied).toBeGreaterThan(0);
      const file = path.join(root, 'pg.dump');
      const backup = await backupPostgres(TEST_PG_URL, file, { schema });
      expect(backup.bytes).toBeGreaterThan(1000);
      await db.query("UPDATE ops_probe SET note = 'changed'");
      await db.query("INSERT INTO ops_probe (note) VALUES ('after backup')");
      await restorePostgres(TEST_PG_URL, file);
      const rows = await db.query<{ note: string }>('SELECT note FROM ops_probe ORDER BY id');
      expect(rows.map((row) => row.note)).toEqual(['before backup']);
      expect(await countMigrations()).toBe(applied);
      await expect(restorePostgres(TEST_PG_URL, path.join(root, 'missing.dump'))).rejects.toThrow(
        /No backup file/,
      );
    } finally {
      await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await db.close();
    }
  });
});
