import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORE_FEATURES, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { credit } from '../features/tokens/ledger.ts';
import { BACKENDS, preRegister, requestAs, TEST_PG_URL } from '../../test/harness.ts';
import { createDatabase } from './database.ts';
import type { DatabaseOptions } from './database.ts';
import { migrate } from './migrate.ts';

describe.each(BACKENDS)('persistence on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('restart', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-persist-'));
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const options: DatabaseOptions =
      backend === 'pglite' ? { dataDir } : { databaseUrl: TEST_PG_URL, schema };
    // No JWT_SECRET: the secret is generated once into DATA_DIR and must survive the restart too.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });

    afterAll(async () => {
      if (backend === 'postgres') {
        const db = await createDatabase(options);
        await db.query(`DROP SCHEMA ${schema} CASCADE`);
        await db.close();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('should keep users, balances and sessions across a restart and not re-run migrations', async () => {
      const first = await createDatabase(options);
      const applied = await migrate(first);
      expect(applied).toContain('0001_core.sql');
      const app1 = await buildApp({ features: CORE_FEATURES, config, db: first });
      const session = await preRegister(app1);
      await first.transaction((tx) => credit(tx, { userId: session.userId, amount: 12, reason: 'test' }));
      await app1.close();
      await first.close();
      if (backend === 'pglite') expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);

      const second = await createDatabase(options);
      expect(await migrate(second)).toEqual([]);
      const app2 = await buildApp({ features: CORE_FEATURES, config, db: second });
      const balance = await requestAs(app2, session, 'GET', '/api/Tokens/balance');
      expect(balance.statusCode).toBe(200);
      expect(balance.json().remainingTokens).toBe(12);
      const refreshed = await app2.inject({
        method: 'POST',
        url: '/api/Authenticate/refresh-generated-user-token',
        payload: {
          accessToken: session.accessToken,
          refreshToken: session.refreshToken,
          userId: session.userId,
        },
      });
      expect(refreshed.statusCode).toBe(200);
      await app2.close();
      await second.close();
    });

    it('should apply nothing of a failing migration', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-migrations-'));
      fs.writeFileSync(path.join(dir, '0001_ok.sql'), 'CREATE TABLE mig_ok (id integer);');
      fs.writeFileSync(
        path.join(dir, '0002_bad.sql'),
        'CREATE TABLE mig_half (id integer);\nSELECT * FROM no_such_table;',
      );
      const db = await createDatabase(options);
      await expect(migrate(db, dir)).rejects.toThrow(/no_such_table/);
      const names = await db.query<{ name: string }>(
        "SELECT name FROM schema_migrations WHERE name LIKE '000%_ok.sql' OR name LIKE '%_bad.sql'",
      );
      expect(names.map((r) => r.name)).toEqual(['0001_ok.sql']);
      const half = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'mig_half'");
      expect(half).toHaveLength(0);
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
  });
});
