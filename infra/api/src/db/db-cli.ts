import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { BackupError, backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup.ts';

const USAGE = `Usage: pnpm db <command>
  migrate                      apply pending migrations (the Kubernetes migration Job runs this), then exit
  backup [--out <file>]        embedded database (PGlite): a .tar.gz of its data folder;
                               DATABASE_URL set: pg_dump --format=custom
  restore <file> [--force]     PGlite: replaces DATA_DIR/pglite (the old one is moved aside; --force when one exists);
                               DATABASE_URL set: pg_restore --clean --if-exists --single-transaction
Stop the product before a PGlite backup or restore: the running API holds the embedded database.`;

/** `pnpm db migrate|backup|restore` (ADR 0191); returns the exit code. */
export async function runDbCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const [command, file, ...extra] = parsed.positionals;
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command === 'migrate' && !file) {
    const config = loadConfig(env);
    const db = await createDatabase({
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
      dataDir: config.dataDir,
    });
    try {
      const applied = await migrate(db);
      process.stdout.write(`migrations applied: ${applied.length ? applied.join(', ') : 'none pending'}\n`);
    } finally {
      await db.close();
    }
    return 0;
  }
  if (
    (command !== 'backup' && command !== 'restore') ||
    extra.length > 0 ||
    (command === 'restore' && !file)
  ) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig(env);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  try {
    if (command === 'backup') {
      const out =
        parsed.values.out ??
        path.join(
          config.dataDir,
          'backups',
          `${config.databaseUrl ? 'postgres' : 'pglite'}-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`,
        );
      const outcome = config.databaseUrl
        ? await backupPostgres(config.databaseUrl, out, { schema: config.databaseSchema })
        : await backupPglite(config.dataDir, out);
      const detail = outcome.migrations >= 0 ? `, ${outcome.migrations} migrations` : '';
      process.stdout.write(
        `backup (${outcome.engine}) → ${outcome.file} (${outcome.bytes.toLocaleString('en-US')} bytes${detail})\n`,
      );
    } else if (config.databaseUrl) {
      const outcome = await restorePostgres(config.databaseUrl, file as string);
      process.stdout.write(`restored (postgres) ← ${outcome.file}\n`);
    } else {
      const outcome = await restorePglite(config.dataDir, file as string, { force: parsed.values.force });
      process.stdout.write(
        `restored (pglite) ← ${outcome.file} (${outcome.migrations} migrations)${outcome.movedAside ? `; the previous database is at ${outcome.movedAside}` : ''}\n`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.exitCode = await runDbCli(process.argv.slice(2));
}
