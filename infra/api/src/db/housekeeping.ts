import type { Queryable } from './database.ts';

/** Rows removed by one sweep, per table. */
export interface SweepResult {
  refreshTokens: number;
  magicLinks: number;
  savedAuth: number;
  metricTimers: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes single-use secrets past their expiry and abandoned client timers, so tables that grow on
 * every refresh stay bounded. An expired refresh token is refused either way, so deleting it loses nothing.
 */
export async function sweepExpired(db: Queryable, now: Date): Promise<SweepResult> {
  const count = async (sql: string, params: unknown[]) => (await db.query(sql, params)).length;
  return {
    refreshTokens: await count('DELETE FROM refresh_tokens WHERE expires_at < $1 RETURNING 1', [now]),
    magicLinks: await count('DELETE FROM magic_links WHERE expires_at < $1 RETURNING 1', [now]),
    savedAuth: await count('DELETE FROM saved_auth WHERE expires_at < $1 RETURNING 1', [now]),
    metricTimers: await count(
      'DELETE FROM metric_timers WHERE stopped_at IS NULL AND started_at < $1 RETURNING 1',
      [new Date(now.getTime() - DAY_MS)],
    ),
  };
}

/** Sweeps now and then every `intervalMs` (timer unref'd so it never holds the process open); returns a stop function. */
export function scheduleSweeps(
  db: Queryable,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => void {
  const run = () => void sweepExpired(db, new Date()).catch(onError);
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
