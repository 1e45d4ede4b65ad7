import { useEffect } from 'react';
import type { ErrorInfo } from 'react';
import type { RemoteBus, RemoteName } from '@companion/contracts';
import { ErrorScreen } from '@companion/ui';
import { isLazyImportFailure } from './lazy-import.ts';

/** Props of {@link RemoteErrorScreen}. */
interface RemoteErrorScreenProps {
  error: Error;
  info: ErrorInfo;
  bus: RemoteBus;
  remote: RemoteName;
  version: string;
}

/**
 * What a remote's error boundary shows (000 §8): the generic error screen, and the render error reported through the
 * shell (`error:report-requested`); after a failed lazy import the screen hides its content and nothing is reported.
 * Its own chunk, loaded on first use (ADR 0275): no remote's first load carries it.
 */
export default function RemoteErrorScreen({ error, info, bus, remote, version }: RemoteErrorScreenProps) {
  const lazyImport = isLazyImportFailure(error);
  useEffect(() => {
    if (lazyImport) return;
    console.error(`[${remote}] render error`, error);
    bus.publish('error:report-requested', {
      remote,
      kind: 'render',
      version,
      message: error?.message || String(error),
      ...(error?.stack ? { stack: error.stack } : {}),
      ...(info?.componentStack ? { componentStack: info.componentStack } : {}),
    });
  }, [bus, error, info, lazyImport, remote, version]);
  return <ErrorScreen hideContent={lazyImport} />;
}
