import { z } from 'zod';
import { CONTRACT_VERSION, contractMajor } from '@companion/contracts';
import type { ApiErrorCode } from '@companion/contracts';
import type { RemoteStore } from '@companion/registry';
import { requireAdmin } from '../../http/admin.ts';
import type { AdminUser } from '../../http/admin.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import type { FeaturePlugin } from '../../http/feature.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { remoteHealth } from './health.ts';
import type { ErrorCounts } from './health.ts';

const REMOTE = z
  .string({ message: 'remote is required.' })
  .regex(/^[a-z][a-z0-9-]{0,63}$/, 'remote must be a remote name (lower-case letters, digits and dashes).');
const VERSION = z
  .string({ message: 'to is required.' })
  .regex(
    /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/,
    'to must be a semver version (e.g. 1.4.2).',
  );

const RollbackBody = z.object({ remote: REMOTE, to: VERSION });
const HistoryQuery = z.object({ remote: REMOTE.optional() });

/** The history's `by` for a change made from the ops page. */
export function adminActor(admin: AdminUser): string {
  return `admin:${admin.email ?? admin.id}`;
}

/** The registry's refusal (`RegistryError`): a stable code and a message. */
interface RegistryErrorLike {
  code: ApiErrorCode;
  message: string;
}

/** A registry refusal as the HTTP answer naming the field at fault. */
function httpErrorOf(error: RegistryErrorLike): HttpError {
  switch (error.code) {
    case 'invalid_name':
      return badRequest(error.message, 'remote', 'validation_failed');
    case 'invalid_version':
      return badRequest(error.message, 'to', 'validation_failed');
    case 'unknown_remote':
      return new HttpError(404, error.code, error.message, 'remote');
    case 'unknown_version':
      return new HttpError(404, error.code, error.message, 'to');
    default:
      return new HttpError(409, error.code, error.message);
  }
}

/** Error reports and `remote:failed` reports of the last hour, per remote and version. */
async function errorCounts(
  db: Parameters<FeaturePlugin>[1]['db'],
): Promise<Map<string, Map<string, ErrorCounts>>> {
  const rows = await db.query<{ remote: string; version: string; failed: boolean; n: string | number }>(
    `SELECT remote, version, kind = 'remote-failed' AS failed, count(*) AS n FROM client_error_reports
     WHERE created_at > now() - interval '1 hour' GROUP BY 1, 2, 3`,
  );
  const byRemote = new Map<string, Map<string, ErrorCounts>>();
  for (const row of rows) {
    const versions = byRemote.get(row.remote) ?? new Map<string, ErrorCounts>();
    const counts = versions.get(row.version) ?? { errorReports: 0, remoteFailed: 0 };
    if (row.failed) counts.remoteFailed += Number(row.n);
    else counts.errorReports += Number(row.n);
    versions.set(row.version, counts);
    byRemote.set(row.remote, versions);
  }
  return byRemote;
}

/**
 * The ops page's API (ADR 0245), admins only: every remote's live version, who made it live,
 * stored versions, health and the last hour's error counts; the history; a rollback to any stored version,
 * recorded with who did it. The store is the one the origin serves (`REMOTE_STORE`, same `DATA_DIR`).
 */
export function opsFeature(options: { store?: RemoteStore } = {}): FeaturePlugin {
  return async (app, deps) => {
    const { db } = deps;
    // Loaded on the first ops request: the registry brings the AWS SDK, which the API's start need not pay for.
    let opened: Promise<{
      store: RemoteStore;
      isRegistryError: (e: unknown) => e is RegistryErrorLike;
      remoteEntryFile: (manifest: Buffer) => string | null;
    }> | null = null;
    const registry = () =>
      (opened ??= import('@companion/registry').then((module) => ({
        store: options.store ?? module.openConfiguredStore(process.env, deps.config.dataDir),
        isRegistryError: (e: unknown): e is RegistryErrorLike => e instanceof module.RegistryError,
        remoteEntryFile: module.remoteEntryFile,
      })));
    const auth = { preHandler: app.authenticate };

    app.get('/Ops/remotes', auth, async (request) => {
      await requireAdmin(db, request);
      const { store, remoteEntryFile } = await registry();
      const [live, history, counts] = await Promise.all([
        store.readRegistry(),
        store.history(),
        errorCounts(db),
      ]);
      const names = [...new Set([...Object.keys(live.remotes), ...history.map((r) => r.remote)])].sort();
      const remotes = await Promise.all(
        names.map(async (name) => {
          const entry = live.remotes[name] ?? null;
          const landing = entry
            ? ([...history]
                .reverse()
                .find((r) => r.remote === name && r.action !== 'canary' && r.to === entry.version) ?? null)
            : null;
          const perVersion = counts.get(name) ?? new Map<string, ErrorCounts>();
          const total = { errorReports: 0, remoteFailed: 0 };
          for (const c of perVersion.values()) {
            total.errorReports += c.errorReports;
            total.remoteFailed += c.remoteFailed;
          }
          return {
            name,
            live: entry,
            wentLive: landing ? { at: landing.at, by: landing.by ?? null, action: landing.action } : null,
            versions: await store.versions(name),
            health: {
              ...(entry
                ? await remoteHealth(store, name, entry, remoteEntryFile)
                : { manifest: 'missing', entry: 'missing' }),
              lastHour: total,
              lastHourByVersion: Object.fromEntries(perVersion),
            },
          };
        }),
      );
      return {
        store: { kind: store.kind, location: store.location },
        shellContract: contractMajor(CONTRACT_VERSION),
        remotes,
      };
    });

    app.get('/Ops/history', auth, async (request) => {
      await requireAdmin(db, request);
      const query = parseQuery(HistoryQuery, request.query);
      const { store } = await registry();
      const records = await store.history(query.remote);
      return { history: records.reverse() };
    });

    app.post('/Ops/rollback', auth, async (request) => {
      const admin = await requireAdmin(db, request);
      const body = parseBody(RollbackBody, request.body);
      const { store, isRegistryError } = await registry();
      const current = await store.readRegistry();
      const stored = await store.versions(body.remote);
      if (!current.remotes[body.remote] && stored.length === 0) {
        throw new HttpError(404, 'unknown_remote', `No remote '${body.remote}' in the registry.`, 'remote');
      }
      if (!stored.includes(body.to)) {
        throw new HttpError(
          404,
          'unknown_version',
          `${body.remote} ${body.to} is not in the store (stored: ${stored.join(', ') || 'none'}).`,
          'to',
        );
      }
      try {
        const flip = await store.rollback(body.remote, body.to, adminActor(admin));
        // As in the CLI, another contract major is the operator's choice, said back: the shell will refuse it.
        const warning =
          flip.entry.contract === contractMajor(CONTRACT_VERSION)
            ? null
            : `${flip.remote} ${flip.to} speaks contract ${flip.entry.contract}; the shell will show its fallback.`;
        return {
          remote: flip.remote,
          from: flip.from,
          to: flip.to,
          changed: flip.changed,
          entry: flip.entry,
          warning,
        };
      } catch (error) {
        if (isRegistryError(error)) throw httpErrorOf(error);
        throw error;
      }
    });
  };
}
