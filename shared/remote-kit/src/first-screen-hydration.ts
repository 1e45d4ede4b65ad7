import type { ReactNode } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import {
  FIRST_SCREEN_ELEMENT_ID,
  FIRST_SCREEN_SLOT_ATTRIBUTE,
  type LifecycleProps,
  type RemoteName,
} from '@companion/contracts';

/** What `defineRemote` needs to hydrate the origin's first screen (ADR 0452). */
export interface FirstScreenHydration {
  /**
   * The React DOM client single-spa-react renders with: after `adopt` moved a first screen in, its `createRoot`
   * hydrates that markup (and reports a mismatch); otherwise it is React's.
   */
  client: typeof ReactDOMClient;
  /**
   * Moves the origin's first screen into the outlet when it is this build's and the route's first render is ready;
   * removes any other. True when the next root hydrates.
   */
  adopt(props: LifecycleProps): Promise<boolean>;
}

/**
 * Hydration of a remote with a server entry (ADR 0452): only in the route slot, only the first screen of this very
 * build, and only once `prepare` has loaded what the first render needs (the same function the server entry
 * awaits; the screen stays on view meanwhile). Its own module, so remotes without a server entry do not carry it.
 */
export function firstScreenHydration(options: {
  name: RemoteName;
  version: string;
  /** Loads what the route's first render needs; false when the route (path, brand, query) has no first screen. */
  prepare(path: string, brand: LifecycleProps['brand'], search: string): Promise<boolean>;
}): FirstScreenHydration {
  let bus: LifecycleProps['bus'] | null = null;
  let adopted = false;
  // A mismatch React recovers from (it renders that part afresh) is still a bug: report it.
  const onRecoverableError = (error: unknown) =>
    bus?.publish('error:report-requested', {
      remote: options.name,
      kind: 'unhandled',
      version: options.version,
      message: `hydration: ${error instanceof Error ? error.message : String(error)}`,
    });
  return {
    // single-spa-react renders with `createRoot` only (its default render type).
    client: {
      createRoot(container: ReactDOMClient.Container) {
        if (!adopted) return ReactDOMClient.createRoot(container);
        adopted = false;
        // single-spa-react creates the root, then renders into it: the first render hydrates.
        let root: ReactDOMClient.Root | null = null;
        return {
          render(children: ReactNode) {
            if (root) root.render(children);
            else root = ReactDOMClient.hydrateRoot(container as Element, children, { onRecoverableError });
          },
          unmount: () => root?.unmount(),
        };
      },
    } as typeof ReactDOMClient,
    async adopt(props) {
      bus = props.bus;
      const screen = props.slot === 'route' ? document.getElementById(FIRST_SCREEN_ELEMENT_ID) : null;
      if (!screen) return false;
      const ours = screen.dataset['remote'] === options.name && screen.dataset['version'] === options.version;
      // A chunk that cannot load: the mount renders afresh, and shows the error screen as it would have.
      const ready =
        ours &&
        (await options
          .prepare(props.history.location.pathname, props.brand, props.history.location.search)
          .catch(() => false));
      // Adopted, or removed: a screen of another build must not stay in the page (its ids would repeat the mount's).
      adopted = ready && screen.isConnected;
      // Inside the shell's chrome frame on a page with chrome (ADR 0453), else the whole element.
      const own = screen.querySelector(`[${FIRST_SCREEN_SLOT_ATTRIBUTE}]`) ?? screen;
      if (adopted) props.domElement.replaceChildren(...Array.from(own.childNodes));
      screen.remove();
      return adopted;
    },
  };
}
