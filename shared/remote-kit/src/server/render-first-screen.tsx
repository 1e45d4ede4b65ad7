// A remote's server entry (ADR 0452): its first screen for a route as HTML, rendered by the same root and
// components as the browser's first render, so the client hydrates it. Built for Node by the remote's own build
// (`serverEntry` of its build config) and never part of a browser bundle.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  CONTRACT_VERSION,
  type AppHistory,
  type AppLocation,
  type BrandInfo,
  type FirstScreenInput,
  type RemoteMountProps,
  type RemoteName,
  type RenderFirstScreen,
} from '@companion/contracts';
import { remoteRoot } from '../remote-context.tsx';

/** Why a server render cannot do what the browser does: there is no session, network, hub or navigation. */
function unavailable(what: string): never {
  throw new Error(`${what} is not available while rendering the first screen on the server`);
}

/** The mount props of a server render: the request's location, brand and theme; nothing that needs a browser. */
export function serverMountProps(
  remote: RemoteName,
  version: string,
  input: FirstScreenInput,
): RemoteMountProps {
  const location: AppLocation = {
    pathname: input.path,
    search: input.search,
    hash: '',
    state: null,
    key: 'default',
  };
  const history: AppHistory = {
    action: 'POP',
    location,
    createHref: (to) =>
      typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`,
    createURL: () => unavailable('createURL'),
    encodeLocation: () => unavailable('encodeLocation'),
    push: () => unavailable('navigation'),
    replace: () => unavailable('navigation'),
    go: () => unavailable('navigation'),
    listen: () => () => {},
  };
  return {
    contractVersion: CONTRACT_VERSION,
    remote,
    remoteVersion: version,
    basename: input.path,
    slot: 'route',
    history,
    // Effects do not run on the server, so nothing publishes; a read sees nothing replayed yet.
    bus: {
      publish: () => {},
      subscribe: () => ({ unsubscribe() {} }),
      current: () => undefined,
    },
    // No network on the server: a call never answers (explore's slice will hand the origin's public answers in).
    transport: { request: () => new Promise<never>(() => {}) },
    hubs: {
      state: () => 'Disconnected',
      invoke: () => unavailable('a hub'),
      stream: () => unavailable('a hub'),
    },
    // The origin knows the brand's id only: a first screen branches on it; one that shows the brand's name or
    // address renders on the client instead.
    brand: { id: input.brand, name: '', fontFamily: '', supportEmail: '' },
    theme: input.theme,
  };
}

/**
 * The `renderFirstScreen` a remote's server entry exports: `prepare` loads what the route's first render needs
 * (the same as the browser's `firstScreenHydration`) and says whether this route has a server first screen at all.
 */
export function defineFirstScreen(options: {
  name: RemoteName;
  version: string;
  App: ComponentType;
  prepare(path: string, brand: BrandInfo): Promise<boolean>;
}): RenderFirstScreen {
  return async (input) => {
    const props = serverMountProps(options.name, options.version, input);
    if (!(await options.prepare(input.path, props.brand))) return null;
    const { App } = options;
    const html = renderToString(remoteRoot(options.name, options.version, props, <App />));
    // React 19 puts the hints it hoists (an image with `fetchPriority="high"`: its preload) before the markup; they
    // belong in the head, and the client's hydration expects the root's own markup only.
    const hints = /^(?:<link [^>]*\/>)*/.exec(html)?.[0] ?? '';
    return { html: html.slice(hints.length), head: hints };
  };
}
