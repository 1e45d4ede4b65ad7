import type { Transport } from '@companion/contracts';

/** One remote's live registry entry as the ops API returns it. */
export interface OpsEntry {
  version: string;
  manifest: string;
  integrity: string;
  contract: number;
  /** A version served to `percent` of visitors before the flip (`pnpm remote canary`). */
  canary?: { version: string; percent: number };
}

/** Error reports and `remote-failed` reports of the last hour. */
export interface OpsCounts {
  errorReports: number;
  remoteFailed: number;
}

/** One remote on the ops page (`GET /api/Ops/remotes`, infra/api `features/ops`). */
export interface OpsRemote {
  name: string;
  live: OpsEntry | null;
  wentLive: { at: string; by: string | null; action: 'deploy' | 'rollback' } | null;
  versions: string[];
  health: {
    manifest: 'ok' | 'missing' | 'integrity_mismatch';
    entry: 'ok' | 'missing' | 'integrity_mismatch';
    lastHour: OpsCounts;
    lastHourByVersion: Record<string, OpsCounts>;
  };
}

export interface OpsOverview {
  store: { kind: 'folder' | 's3'; location: string };
  shellContract: number;
  remotes: OpsRemote[];
}

/** One pointer move, newest first. */
export interface OpsHistoryRecord {
  at: string;
  remote: string;
  action: 'deploy' | 'rollback';
  from: string | null;
  to: string;
  by?: string;
}

/** The ops API calls the page makes, through the shell's session transport (admins only: 403 otherwise). */
export function opsApi(transport: Transport) {
  return {
    overview: () => transport.request<OpsOverview>('Ops/remotes'),
    history: () => transport.request<{ history: OpsHistoryRecord[] }>('Ops/history'),
    rollback: (remote: string, to: string) =>
      transport.request<{ from: string | null; to: string; warning: string | null }>('Ops/rollback', {
        method: 'POST',
        body: { remote, to },
      }),
  };
}
