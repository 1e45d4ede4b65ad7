import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTRACT_VERSION, type RegistryDocument, type RemoteMountProps } from '@companion/contracts';
import { createAppBus } from '@companion/event-bus';
import { createAppHistory } from '@companion/history';
import { DISCONNECTED_HUBS, FAKE_BRAND, createFakeTransport } from '@companion/remote-kit/testing';
import { staticAnonymousSession } from '../session/test-fixtures.ts';
import { RemoteLoader, type FederationRuntime } from '../federation/remote-loader.ts';
import { createRouteTable } from '../routing/route-table.ts';
import { testRegistry } from '../routing/test-routes.ts';

import { App } from './app.tsx';
import { ShellProvider, type ShellServices } from './shell-context.tsx';
import { loadChrome } from '../chrome/load-chrome.ts';

const REMOTES = ['explore', 'chat', 'gallery', 'checkout'] as const;
const registry: RegistryDocument = testRegistry(REMOTES);

/** Lifecycles that render plain DOM, recording what they were mounted with. */
function fakeLifecycles(label: string, mounted: RemoteMountProps[]) {
  return {
    bootstrap: async () => undefined,
    mount: async (props: RemoteMountProps & { domElement: HTMLElement }) => {
      mounted.push(props);
      props.domElement.innerHTML = `<h1>${label}</h1>`;
    },
    unmount: async (props: { domElement: HTMLElement }) => {
      props.domElement.innerHTML = '';
    },
  };
}

/** A session that never changes: these tests are about routing and remotes, not the visitor. */
const ANONYMOUS_SESSION = staticAnonymousSession();

function setup(path: string, load: FederationRuntime['loadRemote']) {
  window.history.replaceState(null, '', path);
  const runtime: FederationRuntime = { registerRemotes: () => undefined, loadRemote: load };
  const loader = new RemoteLoader(registry, runtime, 'http://localhost');
  const history = createAppHistory(window);
  const bus = createAppBus();
  const transport = createFakeTransport(() => null);
  const services: ShellServices = {
    history,
    bus,
    loader: Promise.resolve(loader),
    routes: createRouteTable(registry),
    transport,
    hubs: DISCONNECTED_HUBS,
    session: ANONYMOUS_SESSION,
    brand: FAKE_BRAND,
    theme: 'dark',
    setTheme: () => undefined,
  };
  render(
    <ShellProvider value={services}>
      <App />
    </ShellProvider>,
  );
  return { history, bus, loader };
}

describe('shell app', () => {
  // As `startShell` does for a page with the chrome: its chunk is in before the first render (ADR 0278).
  beforeAll(() => loadChrome());

  afterEach(() => cleanup());

  it('should mount the remote that owns the path with the contract props', async () => {
    const mounted: RemoteMountProps[] = [];
    const load = vi.fn(async (id: string) => ({ default: fakeLifecycles(id, mounted) }));
    setup('/gallery', load as FederationRuntime['loadRemote']);
    expect(await screen.findByRole('heading', { name: 'gallery/lifecycles' })).toBeTruthy();
    expect(mounted[0]).toMatchObject({
      remote: 'gallery',
      remoteVersion: '1.0.0',
      slot: 'route',
      basename: '/',
      contractVersion: CONTRACT_VERSION,
    });
    expect(screen.getByTestId('shell-header')).toBeTruthy();
  });

  it('should publish its one NSFW determination to the remotes, following a stored attribution', async () => {
    const load = vi.fn(async (id: string) => fakeLifecycles(id, []));
    localStorage.removeItem('persist:attribution');
    const { bus } = setup('/', load as FederationRuntime['loadRemote']);
    const modes: boolean[] = [];
    bus.subscribe('content:mode-changed', ({ nsfw }) => modes.push(nsfw));
    await waitFor(() => expect(modes.at(-1)).toBe(false));
    cleanup();
    // An ad visitor's stored attribution makes the content adult (000 §4) for the shell and every remote alike.
    localStorage.setItem('persist:attribution', 'tiktok');
    const again = setup('/', load as FederationRuntime['loadRemote']);
    const later: boolean[] = [];
    again.bus.subscribe('content:mode-changed', ({ nsfw }) => later.push(nsfw));
    await waitFor(() => expect(later.at(-1)).toBe(true));
    localStorage.removeItem('persist:attribution');
  });

  it('should keep the chrome and show the fallback when a remote fails to load, then recover on another route', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const mounted: RemoteMountProps[] = [];
    const load = vi.fn(async (id: string) => {
      if (id.startsWith('gallery')) throw new Error('Failed to fetch');
      return fakeLifecycles(id, mounted);
    });
    const { history, bus } = setup('/gallery', load as FederationRuntime['loadRemote']);
    const failures: unknown[] = [];
    bus.subscribe('remote:failed', (p) => failures.push(p));
    const fallback = await screen.findByTestId('remote-fallback');
    expect(fallback.dataset['code']).toBe('REMOTE_LOAD_FAILED');
    expect(screen.getByTestId('shell-sidebar')).toBeTruthy();
    await act(async () => history.push('/chat'));
    expect(await screen.findByRole('heading', { name: 'chat/lifecycles' })).toBeTruthy();
    expect(screen.queryByTestId('remote-fallback')).toBeNull();
  });

  it('should show the error screen when mount throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(async () => ({
      bootstrap: async () => undefined,
      mount: async () => Promise.reject(new Error('boom')),
      unmount: async () => undefined,
    }));
    setup('/chat', load as FederationRuntime['loadRemote']);
    const fallback = await screen.findByTestId('remote-fallback');
    expect(fallback.dataset['code']).toBe('REMOTE_MOUNT_FAILED');
    expect(fallback.textContent).toContain('Something went wrong');
  });

  it('should preload the target remote when a link is hovered', async () => {
    const load = vi.fn(async (id: string) => fakeLifecycles(id, []));
    const { loader } = setup('/chat', load as FederationRuntime['loadRemote']);
    const preload = vi.spyOn(loader, 'preload');
    fireEvent.mouseEnter(screen.getByTestId('shell-sidebar').querySelector('a[href="/gallery"]')!);
    await waitFor(() => expect(preload).toHaveBeenCalledWith('gallery'));
  });

  it('should redirect an unknown path to the main page and keep the query string', async () => {
    const load = vi.fn(async (id: string) => fakeLifecycles(id, []));
    setup('/nope?utm_source=tiktok', load as FederationRuntime['loadRemote']);
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/?utm_source=tiktok'),
    );
    expect(await screen.findByRole('heading', { name: 'explore/lifecycles' })).toBeTruthy();
  });

  it('should open the checkout paywall parcel when a remote asks for the paywall', async () => {
    const mounted: RemoteMountProps[] = [];
    const load = vi.fn(async (id: string) => fakeLifecycles(id, mounted));
    const { bus } = setup('/', load as FederationRuntime['loadRemote']);
    await screen.findByRole('heading', { name: 'explore/lifecycles' });
    act(() =>
      bus.as('explore').publish('paywall:open-requested', { paywallType: 'tokens', source: 'banner' }),
    );
    expect(await screen.findByRole('heading', { name: 'checkout/paywall' })).toBeTruthy();
    expect(mounted.at(-1)).toMatchObject({
      remote: 'checkout',
      slot: 'paywall',
      paywall: { request: { paywallType: 'tokens', source: 'banner' } },
    });
  });

  it('should show a readable dialog when the checkout paywall cannot be loaded, and close it', async () => {
    const mounted: RemoteMountProps[] = [];
    const load = vi.fn(async (id: string) => {
      if (id.startsWith('checkout')) throw new Error('network down');
      return fakeLifecycles(id, mounted);
    });
    const { bus } = setup('/', load as FederationRuntime['loadRemote']);
    await screen.findByRole('heading', { name: 'explore/lifecycles' });
    act(() =>
      bus.as('explore').publish('paywall:open-requested', { paywallType: 'subscription', source: 'banner' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payments are unavailable' });
    expect(dialog.textContent).toContain('everything else keeps working');
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'explore/lifecycles' })).toBeTruthy();
  });
});
