import { createContext } from 'react';
import { isLazyImportFailure } from '@companion/remote-kit';

/**
 * What broke: a render error, a route's error, a fingerprint failure, an error nothing caught, or a remote that
 * failed to download or mount (`remote-failed`: counted on the ops page, and sent to Sentry like the others, ADR 0322).
 */
type ClientErrorKind = 'render' | 'route' | 'fingerprint' | 'unhandled' | 'remote-failed';

/** One report: the error and where it happened (`remote` is `shell` for the shell's own chrome and pages). */
interface ClientErrorReport {
  kind: ClientErrorKind;
  remote: string;
  version: string;
  error: unknown;
  componentStack?: string | null;
  /** What the caller knew beside the error (a payment failure's backend answer): Sentry's `extra` context. */
  extra?: Record<string, unknown>;
}

/** Reports errors to the API (`POST /api/client-errors`) and, when configured, to Sentry. */
export interface ErrorReporter {
  /** Fire and forget; never throws. A failed lazy import is not reported (000 §8). */
  report(report: ClientErrorReport): void;
}

/** The path the API stores reports at (infra/api `features/client-errors`). */
export const CLIENT_ERRORS_PATH = '/api/client-errors';

/** The subset of the Sentry browser SDK the reporter uses. */
export interface SentryLike {
  init(options: { dsn: string; release: string; defaultIntegrations: false }): unknown;
  captureException(
    error: unknown,
    hint: {
      tags: Record<string, string>;
      contexts?: Record<string, Record<string, unknown>>;
      extra?: Record<string, unknown> | undefined;
    },
  ): unknown;
}

const describe = (error: unknown): { message: string; stack?: string } => {
  if (error instanceof Error) {
    return { message: error.message || error.name, ...(error.stack ? { stack: error.stack } : {}) };
  }
  return { message: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)) };
};

/** Inputs of {@link createErrorReporter}; tests replace the network and the SDK. */
export interface ErrorReporterOptions {
  /** `SENTRY_DSN` as the page carries it; without one only the API receives reports. */
  sentryDsn?: string | null;
  send?: (url: string, init: RequestInit) => Promise<unknown>;
  loadSentry?: () => Promise<SentryLike>;
  pageUrl?: () => string;
}

/**
 * The reporter: one POST per distinct error per page (a render loop must not flood the API), and with a DSN the
 * Sentry SDK, imported only when the first error happens so it costs nothing on a healthy page.
 */
export function createErrorReporter(options: ErrorReporterOptions = {}): ErrorReporter {
  const send = options.send ?? ((url: string, init: RequestInit) => fetch(url, init));
  const loadSentry = options.loadSentry ?? (() => import('@sentry/browser'));
  const pageUrl = options.pageUrl ?? (() => window.location.href);
  const dsn = options.sentryDsn ?? null;
  const seen = new Set<string>();
  let sentry: Promise<SentryLike | null> | null = null;

  const toSentry = (report: ClientErrorReport) => {
    if (!dsn) return;
    sentry ??= loadSentry()
      .then((sdk) => {
        sdk.init({ dsn, release: `shell@${report.version}`, defaultIntegrations: false });
        return sdk;
      })
      .catch((error: unknown) => {
        console.warn('[shell] error reporting SDK unavailable', error);
        return null;
      });
    void sentry.then((sdk) =>
      sdk?.captureException(report.error, {
        tags: { kind: report.kind, remote: report.remote, version: report.version },
        ...(report.componentStack ? { contexts: { react: { componentStack: report.componentStack } } } : {}),
        extra: report.extra,
      }),
    );
  };

  return {
    report(report) {
      if (isLazyImportFailure(report.error)) return;
      const { message, stack } = describe(report.error);
      const key = `${report.kind}|${report.remote}|${message}`;
      if (seen.has(key)) return;
      seen.add(key);
      const body = {
        kind: report.kind,
        remote: report.remote,
        version: report.version,
        message: message.slice(0, 2000) || 'unknown error',
        ...(stack ? { stack: stack.slice(0, 16_000) } : {}),
        ...(report.componentStack ? { componentStack: report.componentStack.slice(0, 16_000) } : {}),
        url: pageUrl().slice(0, 2048),
      };
      // Plain fetch, not the session transport: the session may be what broke; keepalive outlives a reload.
      send(CLIENT_ERRORS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        keepalive: true,
      }).catch((error: unknown) => console.warn('[shell] error report not sent', error));
      toSentry(report);
    },
  };
}

/** The shell's reporter for its error boundaries; null in tests that render without one. */
export const ErrorReporterContext = createContext<ErrorReporter | null>(null);

/** The shell's version in reports; the build has no version of its own, so the package's. */
export const SHELL_VERSION = '1.0.0';

/** `SENTRY_DSN` as the origin server writes it into the page (`<meta name="sentry-dsn">`); null when unset. */
export function readSentryDsn(doc: Document): string | null {
  const value = doc.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]')?.content.trim();
  return value ? value : null;
}
