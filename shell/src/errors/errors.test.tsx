import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLazyImportFailure } from '@companion/remote-kit';
import { ErrorScreen } from '@companion/ui';
import { ChromeBoundary } from '../app/chrome-boundary.tsx';
import { CHUNK_RELOAD_KEY, EARLY_RESOURCE_ERRORS, installChunkReload } from './chunk-reload.ts';
import {
  CLIENT_ERRORS_PATH,
  ErrorReporterContext,
  createErrorReporter,
  type SentryLike,
} from './error-reporter.ts';

afterEach(cleanup);

const LAZY = new TypeError('Failed to fetch dynamically imported module: http://x/assets/legal.js');

function Broken({ error }: { error: unknown }): never {
  throw error;
}

/** A reporter over a recording `send`, optionally with a fake Sentry SDK. */
function recording(sentryDsn: string | null = null) {
  const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
  const sentry = { init: vi.fn(), captureException: vi.fn() } satisfies SentryLike;
  const loadSentry = vi.fn(async () => sentry);
  const reporter = createErrorReporter({
    sentryDsn,
    send: async (url, init) => void sent.push({ url, body: JSON.parse(String(init.body)) }),
    loadSentry,
    pageUrl: () => 'http://localhost/legal',
  });
  return { reporter, sent, sentry, loadSentry };
}

describe('errors (000 §8)', () => {
  it('should show the generic error screen for a render error in a shell page and report it with the remote name and version', () => {
    const { reporter, sent, loadSentry } = recording();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorReporterContext.Provider value={reporter}>
        <ChromeBoundary area="page" fallback={<ErrorScreen />}>
          <Broken error={new Error('page exploded')} />
        </ChromeBoundary>
      </ErrorReporterContext.Provider>,
    );
    quiet.mockRestore();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(CLIENT_ERRORS_PATH);
    expect(sent[0]!.body).toMatchObject({
      kind: 'render',
      remote: 'shell',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      message: 'page exploded',
      url: 'http://localhost/legal',
    });
    expect(String(sent[0]!.body['componentStack'])).toContain('Broken');
    // No DSN: the SDK is never loaded.
    expect(loadSentry).not.toHaveBeenCalled();
  });

  it('should hide the error screen content for a failed lazy import and not report it', () => {
    const { reporter, sent } = recording('https://k@sentry.example/1');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorReporterContext.Provider value={reporter}>
        <ChromeBoundary
          area="page"
          fallback={(error) => <ErrorScreen hideContent={isLazyImportFailure(error)} />}
        >
          <Broken error={LAZY} />
        </ChromeBoundary>
      </ErrorReporterContext.Provider>,
    );
    quiet.mockRestore();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(document.querySelector('[data-content-hidden]')).not.toBeNull();
    expect(sent).toHaveLength(0);
    expect(
      isLazyImportFailure(Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' })),
    ).toBe(true);
    expect(isLazyImportFailure(new Error('x is undefined'))).toBe(false);
  });

  it('should load the Sentry SDK only when an error happens with SENTRY_DSN set, and send each distinct error once', async () => {
    const { reporter, sent, sentry, loadSentry } = recording('https://k@sentry.example/1');
    expect(loadSentry).not.toHaveBeenCalled();
    const error = new Error('boom');
    reporter.report({ kind: 'render', remote: 'gallery', version: '1.4.2', error });
    reporter.report({ kind: 'render', remote: 'gallery', version: '1.4.2', error });
    await vi.waitFor(() => expect(sentry.captureException).toHaveBeenCalledTimes(1));
    expect(loadSentry).toHaveBeenCalledTimes(1);
    expect(sentry.init).toHaveBeenCalledWith(expect.objectContaining({ dsn: 'https://k@sentry.example/1' }));
    expect(sentry.captureException).toHaveBeenCalledWith(error, {
      tags: { kind: 'render', remote: 'gallery', version: '1.4.2' },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ remote: 'gallery', version: '1.4.2' });
  });

  it('should send a remote that failed to download to the API and to Sentry, tagged remote-failed', async () => {
    const { reporter, sent, sentry } = recording('https://k@sentry.example/1');
    const error = new Error('REMOTE_LOAD_FAILED: gallery entry unavailable');
    reporter.report({ kind: 'remote-failed', remote: 'gallery', version: '1.4.2', error });
    await vi.waitFor(() =>
      expect(sentry.captureException).toHaveBeenCalledWith(error, {
        tags: { kind: 'remote-failed', remote: 'gallery', version: '1.4.2' },
      }),
    );
    expect(sent[0]!.body).toMatchObject({ kind: 'remote-failed', remote: 'gallery' });
  });

  it('should reload the page once when a script chunk preload fails, and not loop', () => {
    const reload = vi.fn();
    let clock = 1_000_000;
    sessionStorage.clear();
    const uninstall = installChunkReload({ window, storage: sessionStorage, now: () => clock, reload });
    const failPreload = (href: string, as = 'script', rel = 'preload') => {
      const link = document.createElement('link');
      link.rel = rel;
      link.as = as;
      link.href = href;
      document.head.append(link);
      link.dispatchEvent(new Event('error'));
      link.remove();
    };
    failPreload('/assets/other-font.woff2', 'font');
    failPreload('https://cdn.elsewhere.example/x.js');
    // A remote's preload: its outlet shows the area's fallback instead.
    failPreload('/remotes/gallery/1.0.0/remoteEntry.js');
    expect(reload).not.toHaveBeenCalled();
    failPreload('/assets/thumbmark.1234.js');
    expect(reload).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(clock));
    // The reloaded page fails again at once: no second reload.
    clock += 5_000;
    failPreload('/assets/thumbmark.1234.js', 'script', 'modulepreload');
    expect(reload).toHaveBeenCalledOnce();
    // Much later (a new deploy gone missing): one reload again.
    clock += 120_000;
    failPreload('/assets/thumbmark.5678.js');
    expect(reload).toHaveBeenCalledTimes(2);
    uninstall();
  });

  it('should reload for a preload that failed before the shell ran, queued by the inline script of index.html', () => {
    sessionStorage.clear();
    const reload = vi.fn();
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = '/assets/771.25e62576.js';
    const queue: EventTarget[] = [link];
    Object.assign(window, { [EARLY_RESOURCE_ERRORS]: queue });
    const uninstall = installChunkReload({ window, storage: sessionStorage, reload });
    expect(reload).toHaveBeenCalledOnce();
    // The queue is drained and stops filling: the listener sees later failures, once.
    expect(queue).toHaveLength(0);
    queue.push(link);
    expect(queue).toHaveLength(0);
    uninstall();
    Reflect.deleteProperty(window, EARLY_RESOURCE_ERRORS);
  });
});
