import { act } from 'react';
import { within } from '@testing-library/dom';
import { afterEach } from 'vitest';
import type {
  RemoteLifecycles,
  RemoteMountProps,
  RemoteName,
  ShellBus,
  TransportRequest,
} from '@companion/contracts';
import { createFakeMountProps, createFakeTransport, mountRemote } from './fake-shell.ts';

/** A fake API: answers by `METHOD path` (`'GET PersonModel/top'`), a value or a function of the request. */
export type FakeApi =
  Record<string, unknown> | ((key: string, init: TransportRequest) => unknown | Promise<unknown>);

/** Options of {@link renderRemote}. */
export interface RenderRemoteOptions {
  /** Which remote the lifecycles are (its bus view publishes as it). */
  remote: RemoteName;
  /** The URL to mount at (default `/`). */
  path?: string;
  api?: FakeApi;
  /** Runs on the shell's side of the bus before the mount: publish state, register intent handlers. */
  bus?: (bus: ShellBus) => void;
  /** Other mount props (brand, theme, hubs, slot, paywall). */
  props?: Partial<RemoteMountProps>;
}

const mounted = new Set<() => Promise<void>>();

// Every rendered remote is unmounted after its test, so test files need no cleanup of their own.
afterEach(async () => {
  for (const unmount of [...mounted]) await unmount();
  mounted.clear();
});

function handlerOf(api: FakeApi | undefined) {
  if (typeof api === 'function') return api;
  const table = api ?? {};
  return (key: string, init: TransportRequest) => {
    if (!(key in table)) throw Object.assign(new Error(`no fake answer for ${key}`), { status: 404 });
    const answer = table[key];
    return typeof answer === 'function' ? (answer as (init: TransportRequest) => unknown)(init) : answer;
  };
}

/**
 * Mounts a remote's real lifecycles against a fake shell, as the shell's outlet would, and returns Testing
 * Library queries bound to it, the shell's side of the bus, and the fake transport with its recorded calls.
 */
export async function renderRemote(lifecycles: RemoteLifecycles, options: RenderRemoteOptions) {
  window.history.replaceState(null, '', options.path ?? '/');
  const transport = createFakeTransport(handlerOf(options.api));
  const props = createFakeMountProps(options.remote, { transport, ...options.props });
  options.bus?.(props.rootBus);
  // Not inside act(): single-spa-react resolves mount from the render's callback, which act would hold back.
  const result = await mountRemote(lifecycles, props);
  const unmount = async () => {
    if (!mounted.delete(unmount)) return;
    await act(() => result.unmount());
  };
  mounted.add(unmount);
  return {
    ...within(result.container),
    container: result.container,
    rootBus: props.rootBus,
    transport,
    history: props.history,
    unmount,
  };
}
