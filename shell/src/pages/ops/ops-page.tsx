import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, ConfirmDialog, Spinner } from '@companion/ui';
import { useShell } from '../../app/shell-context.tsx';
import { opsApi } from './ops-api.ts';
import type { OpsHistoryRecord, OpsOverview, OpsRemote } from './ops-api.ts';
import * as styles from './ops.css.ts';

type Load =
  | { status: 'loading' }
  | { status: 'refused' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; overview: OpsOverview; history: OpsHistoryRecord[] };

const statusOf = (error: unknown): number | null =>
  (error as { status?: number | null } | null)?.status ?? null;

const messageOf = (error: unknown, fallback: string): string => {
  const message = (error as { body?: { error?: { message?: unknown } } } | null)?.body?.error?.message;
  return typeof message === 'string' ? message : fallback;
};

const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/** "3 min ago" style age of an ISO time, next to its exact date (title) on the page. */
function ago(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}

function Time({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={DATE.format(new Date(iso))}>
      {ago(iso, now)}
    </time>
  );
}

function Check({ label, state }: { label: string; state: 'ok' | 'missing' | 'integrity_mismatch' }) {
  const text = state === 'ok' ? 'reachable' : state === 'missing' ? 'missing' : 'integrity mismatch';
  return (
    <span className={styles.check[state === 'ok' ? 'ok' : 'bad']} data-check={label} data-state={state}>
      <span className={styles.dot} aria-hidden="true" />
      {label} {text}
    </span>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <span className={styles.check[value === 0 ? 'ok' : 'warn']} data-count={label}>
      <strong>{value}</strong> {label}
    </span>
  );
}

/** The canary beside the live version, with both versions' error counts of the last hour side by side. */
function CanaryLine(props: {
  canary: { version: string; percent: number };
  live: string;
  byVersion: Record<string, { errorReports: number; remoteFailed: number }>;
}) {
  const { canary, live, byVersion } = props;
  const errorsOf = (version: string) => {
    const counts = byVersion[version] ?? { errorReports: 0, remoteFailed: 0 };
    return counts.errorReports + counts.remoteFailed;
  };
  return (
    <p className={styles.canary} data-testid="ops-canary">
      Canary <strong>{canary.version}</strong> to {canary.percent}% of visitors · errors (1 h):{' '}
      <strong data-testid="ops-canary-errors">{errorsOf(canary.version)}</strong> canary vs {errorsOf(live)}{' '}
      live
    </p>
  );
}

function RemoteCard(props: {
  remote: OpsRemote;
  shellContract: number;
  now: number;
  onRollback: (remote: string, to: string) => void;
}) {
  const { remote, shellContract, now } = props;
  const { live, wentLive, health } = remote;
  return (
    <article className={styles.card} data-testid="ops-remote" data-remote={remote.name}>
      <header className={styles.cardHead}>
        <h2 className={styles.remoteName}>{remote.name}</h2>
        {live ? (
          <span className={styles.version} data-testid="ops-live-version">
            {live.version}
          </span>
        ) : (
          <Badge tone="neutral">not live</Badge>
        )}
        {live && (
          <span className={live.contract === shellContract ? styles.meta : styles.metaBad}>
            contract {live.contract}
            {live.contract === shellContract ? '' : ` (shell speaks ${shellContract})`}
          </span>
        )}
      </header>
      {wentLive && (
        <p className={styles.meta} data-testid="ops-went-live">
          Live since <Time iso={wentLive.at} now={now} /> by{' '}
          <strong className={styles.who}>{wentLive.by ?? 'unknown'}</strong> ({wentLive.action})
        </p>
      )}
      {live && (
        <p className={styles.integrity} title={live.integrity}>
          {live.integrity}
        </p>
      )}
      <div className={styles.checks}>
        <Check label="manifest" state={health.manifest} />
        <Check label="entry" state={health.entry} />
        <Count label="error reports (1 h)" value={health.lastHour.errorReports} />
        <Count label="remote:failed (1 h)" value={health.lastHour.remoteFailed} />
      </div>
      {live?.canary && (
        <CanaryLine canary={live.canary} live={live.version} byVersion={health.lastHourByVersion} />
      )}
      <h3 className={styles.subhead}>Stored versions</h3>
      <ul className={styles.versions}>
        {remote.versions.map((version) => {
          const isLive = version === live?.version;
          const counts = health.lastHourByVersion[version];
          return (
            <li key={version} className={styles.versionRow} data-version={version}>
              <span className={styles.versionName}>{version}</span>
              {counts && (counts.errorReports > 0 || counts.remoteFailed > 0) ? (
                <span className={styles.meta}>
                  {counts.errorReports} errors · {counts.remoteFailed} failed (1 h)
                </span>
              ) : null}
              {isLive ? (
                <Badge tone="soft">live</Badge>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => props.onRollback(remote.name, version)}>
                  Make live
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </article>
  );
}

function Timeline({ history, now }: { history: OpsHistoryRecord[]; now: number }) {
  if (history.length === 0) return <p className={styles.meta}>No deploys yet.</p>;
  return (
    <ol className={styles.timeline} data-testid="ops-history">
      {history.map((record, index) => (
        <li
          key={`${record.at}-${record.remote}-${index}`}
          className={styles.event}
          data-testid="ops-history-record"
        >
          <span className={styles.eventDot[record.action]} aria-hidden="true" />
          <div>
            <p className={styles.eventTitle}>
              <strong>{record.remote}</strong> {record.action === 'rollback' ? 'rolled back' : 'deployed'}{' '}
              {record.from ?? '(none)'} → {record.to}
            </p>
            <p className={styles.meta}>
              <Time iso={record.at} now={now} /> by{' '}
              <span className={styles.who} data-testid="ops-history-by">
                {record.by ?? 'unknown'}
              </span>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * `/ops`: the SRE page. A shell page, loaded lazily (nothing on first load), so it works with every
 * remote down: the live version of each remote, who made it live, stored versions, health and the last hour's
 * errors, one-click rollback with a confirmation, and the history as a timeline. Admins only (the API answers
 * 403 to anyone else).
 */
export default function OpsPage() {
  const { transport } = useShell();
  const api = useMemo(() => opsApi(transport), [transport]);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [pending, setPending] = useState<{ remote: string; to: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const refresh = useCallback(async () => {
    try {
      const [overview, { history }] = await Promise.all([api.overview(), api.history()]);
      setNow(Date.now());
      setLoad({ status: 'ready', overview, history });
    } catch (failure) {
      const status = statusOf(failure);
      if (status === 401 || status === 403) setLoad({ status: 'refused' });
      else setLoad({ status: 'failed', message: messageOf(failure, 'The ops API did not answer.') });
    }
  }, [api]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const result = await api.rollback(pending.remote, pending.to);
      setNotice(
        `${pending.remote} ${result.from ?? '(none)'} → ${result.to} is live for new page loads.` +
          (result.warning ? ` ${result.warning}` : ''),
      );
      setPending(null);
      await refresh();
    } catch (failure) {
      setError(messageOf(failure, 'The rollback failed; nothing changed.'));
    } finally {
      setBusy(false);
    }
  };

  if (load.status === 'loading') {
    return (
      <section className={styles.page} data-testid="ops-page">
        <Spinner label="Loading" />
      </section>
    );
  }
  if (load.status === 'refused') {
    return (
      <section className={styles.page} data-testid="ops-refused">
        <h1 className={styles.title}>Operations</h1>
        <p className={styles.lead}>
          This page is for administrators. Ask an operator to grant your account the admin role (pnpm
          admin:grant).
        </p>
      </section>
    );
  }
  if (load.status === 'failed') {
    return (
      <section className={styles.page} data-testid="ops-failed">
        <h1 className={styles.title}>Operations</h1>
        <p className={styles.lead} role="alert">
          {load.message}
        </p>
        <Button onClick={() => void refresh()}>Try again</Button>
      </section>
    );
  }
  const { overview, history } = load;
  return (
    <section className={styles.page} data-testid="ops-page">
      <header className={styles.pageHead}>
        <div>
          <h1 className={styles.title}>Operations</h1>
          <p className={styles.lead}>
            {overview.remotes.length} remotes · store {overview.store.kind} ({overview.store.location}) ·
            shell contract {overview.shellContract}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void refresh()}>
          Refresh
        </Button>
      </header>
      {notice && (
        <p className={styles.notice} role="status" data-testid="ops-notice">
          {notice}
        </p>
      )}
      <div className={styles.grid}>
        {overview.remotes.map((remote) => (
          <RemoteCard
            key={remote.name}
            remote={remote}
            shellContract={overview.shellContract}
            now={now}
            onRollback={(name, to) => {
              setError(null);
              setPending({ remote: name, to });
            }}
          />
        ))}
      </div>
      <h2 className={styles.sectionTitle}>History</h2>
      <Timeline history={history} now={now} />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `Make ${pending.remote} ${pending.to} live?` : ''}
        confirmLabel="Make live"
        tone="danger"
        busy={busy}
        error={error}
        dismissable={!busy}
        testId="ops-confirm"
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        New page loads get this version within seconds. Pages already open keep the version they loaded until
        they reload. The change is recorded with your name.
      </ConfirmDialog>
    </section>
  );
}
