// A remote's server entry (ADR 0452): its first screen for a route as HTML, rendered by the same root and
// components as the browser's first render, so the client hydrates it. Built for Node by the remote's own build
// (`serverEntry` of its build config) and never part of a browser bundle.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  CONTRACT_VERSION,
  firstLoadKey,
  type AppHistory,
  type AppLocation,
  type BrandInfo,
  type FirstScreenInput,
  type RemoteMountProps,
  type RemoteName,
  type RenderFirstScreen,
  type TransportRequest,
} from '@companion/contracts';
import { remoteRoot } from '../remote-context.tsx';

/** Why a server render cannot do what the browser does: there is no session, network, hub or navigation. */
function unavailable(what: string): never {
  throw new Error(`${what} is not available while rendering the first screen on the server`);
}

/** The history of a server render: the request's location; navigating is not possible. */
export function serverHistory(input: Pick<FirstScreenInput, 'path' | 'search'>): AppHistory {
  const location: AppLocation = {
    pathname: input.path,
    search: input.search,
    hash: '',
    state: null,
    key: 'default',
  };
  return {
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
}

/** The mount props of a server render: the request's location, brand and theme; nothing that needs a browser. */
export function serverMountProps(
  remote: RemoteName,
  version: string,
  input: FirstScreenInput,
): RemoteMountProps {
  const history = serverHistory(input);
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
    // No network on the server: a call never answers; the public answers the origin holds are there at once, as
    // in the browser (`peek`, ADR 0453).
    transport: {
      request: () => new Promise<never>(() => {}),
      peek: <T,>(path: string, query?: TransportRequest['query']) =>
        input.answers?.[firstLoadKey(path, query)] as T | undefined,
    },
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
  prepare(path: string, brand: BrandInfo, search: string): Promise<boolean>;
}): RenderFirstScreen {
  return async (input) => {
    const props = serverMountProps(options.name, options.version, input);
    if (!(await options.prepare(input.path, props.brand, input.search))) return null;
    const { App } = options;
    const html = renderToString(remoteRoot(options.name, options.version, props, <App />));
    // A Suspense boundary that suspended or threw here is left for the browser to render, and its hydration then
    // fails (React's error 419): not a first screen to send. The origin reports the throw and serves the page as
    // before (ADR 0453).
    if (html.includes('<!--$!-->'))
      throw new Error(
        'a Suspense boundary could not render on the server: render that part in the browser only',
      );
    // React 19 puts the hints it hoists (an image with `fetchPriority="high"`: its preload) before the markup; they
    // belong in the head, and the client's hydration expects the root's own markup only.
    const hints = /^(?:<link [^>]*\/>)*/.exec(html)?.[0] ?? '';
    return { html: html.slice(hints.length), head: hints };
  };
}
