// `pnpm --filter @companion/api admin:grant <email or user id> [--revoke]`: the admin role (hidden product lists,
// staff products) is a flag on the user, granted only from a shell on the server, never over HTTP.

import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { setAdmin } from '../../http/admin.ts';

async function main(): Promise<void> {
  const [who, flag] = process.argv.slice(2);
  if (!who || (flag !== undefined && flag !== '--revoke')) {
    console.error('usage: admin:grant <email | user id> [--revoke]');
    process.exit(2);
  }
  const config = loadConfig();
  const db = await createDatabase({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    dataDir: config.dataDir,
  });
  try {
    await migrate(db);
    const rows = await setAdmin(db, who, flag !== '--revoke');
    if (rows.length === 0) {
      console.error(`no live user with email or id ${who}`);
      process.exitCode = 1;
      return;
    }
    for (const row of rows)
      console.log(
        `${flag === '--revoke' ? 'revoked admin from' : 'granted admin to'} ${row.email ?? row.id} (${row.id})`,
      );
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
