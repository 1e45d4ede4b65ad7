import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';

/** A backup or restore that could not be done, with what to do about it. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** What was backed up or restored. */
export interface BackupOutcome {
  engine: 'pglite' | 'postgres';
  file: string;
  bytes: number;
  /** Applied migrations found in the database (a restore checks the copy is a migrated product database). */
  migrations: number;
}

/**
 * Backs up the embedded database (`<dataDir>/pglite`) to `file`: a gzipped tarball of its data folder
 * (PGlite's `dumpDataDir`, taken after a CHECKPOINT), the format PGlite restores from (`loadDataDir`).
 * Stop the product first: PGlite is one process's database and the API holds it open while it runs.
 */
export async function backupPglite(dataDir: string, file: string): Promise<BackupOutcome> {
  const dir = path.join(dataDir, 'pglite');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(`No embedded database at ${dir}; start the product once, or set DATA_DIR.`);
  }
  const db = await PGlite.create(dir);
  try {
    const migrations = await countMigrations(db);
    await db.exec('CHECKPOINT');
    const dump = await db.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    writeAtomic(file, bytes);
    return { engine: 'pglite', file, bytes: bytes.length, migrations };
  } finally {
    await db.close();
  }
}

/**
 * Restores `file` (from `backupPglite`) into `<dataDir>/pglite`. An existing database is moved aside to
 * `pglite.before-restore-<time>` (never deleted) and only with `force`; the restored copy is opened and checked
 * before it takes the database's place, so a bad file leaves the current database untouched.
 */
export async function restorePglite(
  dataDir: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<BackupOutcome & { movedAside: string | null }> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const dir = path.join(dataDir, 'pglite');
  const exists = fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
  if (exists && !options.force) {
    throw new BackupError(
      `${dir} already holds a database; stop the product and pass --force to replace it (it is moved aside, not deleted).`,
    );
  }
  const bytes = fs.readFileSync(file);
  assertTarGz(bytes, file);
  fs.mkdirSync(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.pglite-restore-${process.pid}-${Date.now()}`);
  let migrations: number;
  try {
    const db = await PGlite.create(staging, { loadDataDir: new Blob([bytes]) });
    try {
      migrations = await countMigrations(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `${file} is not a PGlite backup this version can open (${(error as Error).message}).`,
    );
  }
  let movedAside: string | null = null;
  if (exists) {
    movedAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dir, movedAside);
  } else {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  fs.renameSync(staging, dir);
  return { engine: 'pglite', file, bytes: bytes.length, migrations, movedAside };
}

/**
 * Backs up a PostgreSQL database with its standard tool: `pg_dump --format=custom` (compressed, restorable table
 * by table with `pg_restore`). `schema` limits it to one schema (`DATABASE_SCHEMA`).
 */
export async function backupPostgres(
  databaseUrl: string,
  file: string,
  options: { schema?: string | null; pgDump?: string } = {},
): Promise<BackupOutcome> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  const args = ['--format=custom', '--no-owner', '--no-privileges', `--file=${temp}`];
  if (options.schema) args.push(`--schema=${options.schema}`);
  const { url, env } = withoutPassword(databaseUrl);
  args.push(`--dbname=${url}`);
  try {
    await run(options.pgDump ?? 'pg_dump', args, env);
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  return { engine: 'postgres', file, bytes: fs.statSync(file).size, migrations: -1 };
}

/**
 * Restores a `pg_dump --format=custom` file with `pg_restore --clean --if-exists --single-transaction`: the
 * objects in the dump are dropped and recreated in one transaction, so a failed restore changes nothing.
 */
export async function restorePostgres(
  databaseUrl: string,
  file: string,
  options: { pgRestore?: string } = {},
): Promise<BackupOutcome> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const { url, env } = withoutPassword(databaseUrl);
  await run(
    options.pgRestore ?? 'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${url}`,
      file,
    ],
    env,
  );
  return { engine: 'postgres', file, bytes: fs.statSync(file).size, migrations: -1 };
}

/** PGlite fails on a bad archive outside the promise it returns; check it is a gzipped tar first. */
function assertTarGz(bytes: Buffer, file: string): void {
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch {
    throw new BackupError(`${file} is not a gzipped backup from pnpm db backup.`);
  }
  if (tar.subarray(257, 262).toString('latin1') !== 'ustar') {
    throw new BackupError(`${file} is not a backup from pnpm db backup (no tar archive inside).`);
  }
}

async function countMigrations(db: PGlite): Promise<number> {
  try {
    const result = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    return result.rows[0]?.n ?? 0;
  } catch {
    throw new BackupError('The database has no schema_migrations table: not a product database.');
  }
}

function writeAtomic(file: string, bytes: Buffer): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  const handle = fs.openSync(temp, 'w', 0o600);
  try {
    fs.writeSync(handle, bytes);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(temp, file);
}

/** The URL without its password, which goes to the tools as PGPASSWORD instead (argv is visible to `ps`). */
function withoutPassword(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(databaseUrl);
  if (!parsed.password) return { url: databaseUrl, env: process.env };
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...process.env, PGPASSWORD: password } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', (error) =>
      reject(
        new BackupError(`Could not run ${command} (${error.message}); install the PostgreSQL client tools.`),
      ),
    );
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} exited with code ${code}: ${stderr.trim().slice(-2000)}`));
    });
  });
}
