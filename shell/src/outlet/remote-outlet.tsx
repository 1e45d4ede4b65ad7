import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  CONTRACT_VERSION,
  type RemoteFailureCode,
  type RemoteMountProps,
  type RemoteName,
} from '@companion/contracts';
import { ErrorScreen, Spinner } from '@companion/ui';
import { useShell } from '../app/shell-context.tsx';
import { ErrorReporterContext } from '../errors/error-reporter.ts';
import { RemoteLoadError } from '../federation/remote-loader.ts';
import { mountParcel, type MountedParcel } from './parcel.ts';
import * as styles from './remote-outlet.css.ts';

type OutletState =
  { status: 'loading' } | { status: 'mounted' } | { status: 'failed'; code: RemoteFailureCode };

/** Where a remote (or one of its parcels) renders; its failure stays inside this area. */
export function RemoteOutlet(props: {
  remote: RemoteName;
  expose?: string;
  slot?: RemoteMountProps['slot'];
  paywall?: RemoteMountProps['paywall'];
  /** What a failed parcel shows instead of the error screen (the paywall slot has no page area to fill). */
  renderFailure?: (code: RemoteFailureCode) => ReactNode;
}) {
  const { remote, expose = 'lifecycles', slot = 'route', paywall, renderFailure } = props;
  const services = useShell();
  const errors = useContext(ErrorReporterContext);
  const hostRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<OutletState>({ status: 'loading' });
  // Mount props are read once per mount; later changes reach the remote through the bus.
  const latest = useRef({ services, paywall, errors });
  latest.current = { services, paywall, errors };

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const element = document.createElement('div');
    element.dataset['outlet'] = remote;
    host.append(element);
    let cancelled = false;
    let parcel: MountedParcel | undefined;
    setState({ status: 'loading' });

    const run = async () => {
      const { services: s, paywall: p } = latest.current;
      const loader = await s.loader;
      const lifecycles = await loader.load(remote, expose);
      if (cancelled) return;
      const mountProps: RemoteMountProps = {
        contractVersion: CONTRACT_VERSION,
        remote,
        remoteVersion: loader.entry(remote)?.version ?? 'unknown',
        basename: '/',
        slot,
        history: s.history,
        bus: s.bus.as(remote),
        transport: s.transport,
        hubs: s.hubs,
        brand: s.brand,
        theme: s.theme,
        ...(p ? { paywall: p } : {}),
      };
      try {
        parcel = await mountParcel(lifecycles, element, mountProps);
      } catch (error) {
        throw new RemoteLoadError(remote, 'REMOTE_MOUNT_FAILED', `${remote} failed to mount`, error);
      }
      if (cancelled) {
        await parcel.unmount();
        return;
      }
      setState({ status: 'mounted' });
    };

    run().catch((error: unknown) => {
      if (cancelled) return;
      const code: RemoteFailureCode = error instanceof RemoteLoadError ? error.code : 'REMOTE_LOAD_FAILED';
      // A module that failed to download is not a bug to report (spec 000 §8); a remote that throws is.
      if (code === 'REMOTE_LOAD_FAILED') console.warn(`[shell] ${remote} unavailable`, error);
      else {
        console.error(`[shell] ${remote} failed (${code})`, error);
        void latest.current.services.loader.then((loader) =>
          latest.current.errors?.report({
            kind: 'render',
            remote,
            version: loader.entry(remote)?.version ?? 'unknown',
            error: (error as { cause?: unknown })?.cause ?? error,
          }),
        );
      }
      const message = String((error as Error)?.message ?? error);
      latest.current.services.bus.publish('remote:failed', { remote, code, message });
      // Every remote:failed is counted on the ops page, download failures included.
      void latest.current.services.loader
        .then((loader) => loader.entry(remote)?.version ?? 'unknown')
        .catch(() => 'unknown')
        .then((version) =>
          latest.current.errors?.report({
            kind: 'remote-failed',
            remote,
            version,
            error: new Error(`${code}: ${message}`),
          }),
        );
      setState({ status: 'failed', code });
    });

    return () => {
      cancelled = true;
      const done = parcel
        ? parcel.unmount().catch((error: unknown) => console.error(`[shell] ${remote} unmount failed`, error))
        : Promise.resolve();
      void done.finally(() => element.remove());
    };
  }, [remote, expose, slot]);

  return (
    <div className={styles.outlet} data-remote-outlet={remote} data-state={state.status}>
      <div ref={hostRef} className={styles.outlet} />
      {state.status === 'loading' && (
        <div className={styles.loading} role="status" aria-label="Loading">
          <Spinner />
        </div>
      )}
      {state.status === 'failed' && (
        <div data-testid="remote-fallback" data-code={state.code}>
          {renderFailure ? (
            renderFailure(state.code)
          ) : (
            <ErrorScreen hideContent={state.code === 'REMOTE_LOAD_FAILED'} />
          )}
        </div>
      )}
    </div>
  );
}
