import { act } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContractMismatchError, defineRemote } from './define-remote.tsx';
import { useBusState, useMountProps } from './remote-context.tsx';
import { RemoteRouter } from './remote-router.tsx';
import { createFakeMountProps, mountRemote } from './testing/fake-shell.ts';

function Boom(): never {
  throw new Error('render failure');
}

function Pages() {
  const navigate = useNavigate();
  const theme = useBusState('theme:changed');
  return (
    <Routes>
      <Route
        path="/a"
        element={<button onClick={() => navigate('/b')}>page a, {theme?.mode ?? 'none'}</button>}
      />
      <Route path="/b" element={<p>page b</p>} />
    </Routes>
  );
}

const routed = defineRemote({
  name: 'gallery',
  version: '1.2.3',
  App: () => (
    <RemoteRouter>
      <Pages />
    </RemoteRouter>
  ),
});

describe('defineRemote', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it('should refuse a shell that speaks another contract major', async () => {
    const lifecycles = defineRemote({ name: 'chat', version: '1.0.0', App: () => <p>hi</p> });
    await expect(
      mountRemote(lifecycles, createFakeMountProps('chat', { contractVersion: '2.0.0' })),
    ).rejects.toBeInstanceOf(ContractMismatchError);
  });

  it('should render new props on update and leave an empty element on unmount', async () => {
    const lifecycles = defineRemote({
      name: 'chat',
      version: '1.0.0',
      App: () => <p>version {useMountProps().remoteVersion}</p>,
    });
    const domElement = document.createElement('div');
    document.body.append(domElement);
    const props = { ...createFakeMountProps('chat'), name: 'chat:route', domElement };
    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
    expect(domElement.textContent).toBe('version test');
    await lifecycles.update({ ...props, remoteVersion: '2.0.0' });
    expect(domElement.textContent).toBe('version 2.0.0');
    await act(() => lifecycles.unmount(props));
    expect(domElement.innerHTML).toBe('');
    domElement.remove();
  });

  it('should show the generic error screen when the app throws while rendering, and ask the shell to report it (000 §8)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const lifecycles = defineRemote({ name: 'chat', version: '1.0.0', App: Boom });
    const props = createFakeMountProps('chat');
    const reports: unknown[] = [];
    props.rootBus.handle('error:report-requested', (report) => reports.push(report));
    const mounted = await mountRemote(lifecycles, props);
    cleanup = mounted.unmount;
    // The screen loads on first use (ADR 0275).
    await vi.waitFor(() => expect(mounted.container.textContent).toContain('Something went wrong'));
    // Reported from the screen's effect, after it painted.
    await vi.waitFor(() =>
      expect(reports[0]).toMatchObject({ remote: 'chat', version: '1.0.0', message: 'render failure' }),
    );
  });

  it("should hide the error screen's content and report nothing when a lazy chunk failed to load (000 §8)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function LazyFailed(): never {
      throw new TypeError('Failed to fetch dynamically imported module: http://x/remotes/funnels/quiz.js');
    }
    const lifecycles = defineRemote({ name: 'funnels', version: '1.0.0', App: LazyFailed });
    const props = createFakeMountProps('funnels');
    const reports: unknown[] = [];
    props.rootBus.handle('error:report-requested', (report) => reports.push(report));
    const mounted = await mountRemote(lifecycles, props);
    cleanup = mounted.unmount;
    await vi.waitFor(() => expect(mounted.container.querySelector('[data-content-hidden]')).not.toBeNull());
    expect(mounted.container.textContent).not.toContain('Something went wrong');
    expect(reports).toEqual([]);
  });

  it('should follow the shared history both ways and read replayed bus state', async () => {
    window.history.replaceState(null, '', '/a');
    const props = createFakeMountProps('gallery');
    props.rootBus.publish('theme:changed', { mode: 'light' });
    const mounted = await mountRemote(routed, props);
    cleanup = mounted.unmount;
    expect(mounted.container.querySelector('[data-build-version]')?.getAttribute('data-build-version')).toBe(
      '1.2.3',
    );
    expect(mounted.container.textContent).toContain('page a, light');

    // A push from inside the remote moves the URL every root sees.
    await act(async () => mounted.container.querySelector('button')?.click());
    expect(window.location.pathname).toBe('/b');
    expect(mounted.container.textContent).toContain('page b');

    // A push from the shell (same history object) re-renders the remote.
    await act(async () => props.history.push('/a'));
    expect(mounted.container.textContent).toContain('page a');
  });
});
