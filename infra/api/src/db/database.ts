import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Something that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one statement with `$1…` parameters and returns its rows (use RETURNING on writes). */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a parameterless script of one or more statements (migrations). */
  exec(sql: string): Promise<void>;
}

/** One interface over PGlite (embedded) and PostgreSQL (pg Pool); same SQL on both. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` inside BEGIN/COMMIT (ROLLBACK on throw) at READ COMMITTED; use row locks
   * (`SELECT … FOR UPDATE`) or conditional updates for invariants. Inside `fn` use only `tx`:
   * calling `db.*` there throws at once (on PGlite it would deadlock: one connection, one mutex).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Options for {@link createDatabase}. */
export interface DatabaseOptions {
  /** postgres://… uses PostgreSQL; otherwise PGlite under `dataDir/pglite`. */
  databaseUrl?: string | null;
  /** PostgreSQL only: create (if missing) and use this schema via search_path. */
  schema?: string | null;
  /** PGlite only: parent folder; null/undefined keeps the database in memory. */
  dataDir?: string | null;
  /** pg Pool size. */
  poolSize?: number;
}

const SCRUBBED_FIELDS = ['message', 'detail', 'where', 'hint', 'stack'] as const;

/**
 * Makes a failed statement's error safe to log: its parameters (e-mails, password hashes, tokens) are dropped
 * and every place the server echoed one (`invalid input syntax …: "x"`, `Key (email)=(x)`) reads `[redacted]`.
 * The statement text stays: it names what failed and holds no values.
 */
export function scrubQueryError(error: unknown, sql: string, params: readonly unknown[]): unknown {
  if (error === null || typeof error !== 'object') return error;
  const record = error as Record<string, unknown>;
  delete record['params'];
  if (typeof record['query'] !== 'string') record['query'] = sql;
  const secrets = params
    .map((p) => (p instanceof Date ? null : typeof p === 'object' && p !== null ? JSON.stringify(p) : p))
    // Short values (flags, small numbers) are no secret and would blot out the words of the message.
    .filter((p): p is string => typeof p === 'string' && p.length >= 4)
    .sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return error;
  for (const field of SCRUBBED_FIELDS) {
    let text = record[field];
    if (typeof text !== 'string') continue;
    for (const secret of secrets) text = (text as string).split(secret).join('[redacted]');
    try {
      record[field] = text;
    } catch {
      // A read-only field keeps its text; the logger's serializer still drops parameters.
    }
  }
  return error;
}

/** Runs a statement; a failure is rethrown scrubbed of its parameters ({@link scrubQueryError}). */
async function scrubbed<T>(sql: string, params: readonly unknown[], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw scrubQueryError(error, sql, params);
  }
}

/** A FIFO async mutex: PGlite has one connection, so a transaction must own it exclusively. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    // Keep the chain alive whether fn resolves or rejects.
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

/** The transaction the current async context runs inside, per database (see {@link guardNesting}). */
const activeTransaction = new AsyncLocalStorage<{ db: object; open: boolean }>();

/**
 * Throws when `db.query`/`db.transaction` is called while this context's transaction on the same
 * database is still open: on PGlite that call would wait forever for the lock the transaction holds,
 * and on PostgreSQL it would silently run outside the transaction. Fail fast with the fix instead.
 */
function guardNesting(db: object): void {
  const current = activeTransaction.getStore();
  if (current && current.db === db && current.open) {
    throw new Error(
      'db.query/db.transaction called inside db.transaction(fn): use the `tx` passed to fn instead.',
    );
  }
}

/** Runs `fn` marked as inside a transaction of `db`; the mark is cleared when it settles (later callbacks are free). */
async function insideTransaction<T>(db: object, fn: () => Promise<T>): Promise<T> {
  const context = { db, open: true };
  try {
    return await activeTransaction.run(context, fn);
  } finally {
    context.open = false;
  }
}

async function createPglite(dataDir: string | null | undefined): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const pglite = dir ? await PGlite.create(dir) : await PGlite.create();
  const lock = new Mutex();
  const raw: Queryable = {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await scrubbed(sql, params, () => pglite.query<T>(sql, params as unknown[]));
      return result.rows;
    },
    async exec(sql: string) {
      await pglite.exec(sql);
    },
  };
  let closed = false;
  const self = {};
  return {
    kind: 'pglite',
    query: (sql, params) => {
      guardNesting(self);
      return lock.run(() => raw.query(sql, params));
    },
    exec: (sql) => {
      guardNesting(self);
      return lock.run(() => raw.exec(sql));
    },
    transaction: (fn) => {
      guardNesting(self);
      return lock.run(async () => {
        await pglite.exec('BEGIN');
        try {
          const value = await insideTransaction(self, () => fn(raw));
          await pglite.exec('COMMIT');
          return value;
        } catch (error) {
          // Keep the caller's error even if the rollback itself fails.
          await pglite.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
    },
    close: () =>
      lock.run(async () => {
        if (closed) return;
        closed = true;
        await pglite.close();
      }),
  };
}

// int8 (count(*), bigserial) comes back as a number from PGlite; make pg match.
const pgTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === 20
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

async function createPostgres(
  url: string,
  schema: string | null | undefined,
  poolSize: number,
): Promise<Database> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypes,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its server must not crash the process.
  pool.on('error', () => undefined);
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await scrubbed(sql, params, () => client.query(sql, params as unknown[]));
      return result.rows as T[];
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await client.query(sql);
    },
  });
  const self = {};
  const shared = wrap(pool);
  return {
    kind: 'postgres',
    query: (sql, params) => {
      guardNesting(self);
      return shared.query(sql, params);
    },
    exec: (sql) => {
      guardNesting(self);
      return shared.exec(sql);
    },
    async transaction(fn) {
      guardNesting(self);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        try {
          const value = await insideTransaction(self, () => fn(wrap(client)));
          await client.query('COMMIT');
          return value;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Opens PostgreSQL when `databaseUrl` is set, else PGlite (file-backed when `dataDir` is set). */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options.schema, options.poolSize ?? 10);
  return createPglite(options.dataDir);
}
