import * as React from 'react';
import type { ComponentType } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import {
  CONTRACT_VERSION,
  isContractCompatible,
  type LifecycleProps,
  type RemoteLifecycles,
  type RemoteName,
} from '@companion/contracts';
import type { FirstScreenHydration } from './first-screen-hydration.ts';
import { remoteRoot } from './remote-context.tsx';

/**
 * The error screen and the report on first use (ADR 0275): a remote shows it only after a render error, so its
 * illustration, copy and the lazy-import rule stay out of every remote's first chunk. If that chunk cannot load
 * either (the network is gone), nothing shows: the content is hidden, as 000 §8 wants for a failed lazy import.
 */
const RemoteErrorScreen = React.lazy(() => import('./errors/remote-error-screen.tsx'));

/** Thrown when the shell speaks a contract major this remote was not built for. */
export class ContractMismatchError extends Error {
  override readonly name = 'ContractMismatchError';
}

/**
 * Turns a remote's root component into single-spa-react lifecycles: its own React root, an error
 * boundary that shows the generic error screen (spec 000 §2.5) and asks the shell to report the error
 * (`error:report-requested`), and a contract check before anything renders.
 */
export function defineRemote(options: {
  name: RemoteName;
  version: string;
  App: ComponentType;
  /** ADR 0452: hydrate the origin's first screen of this build (`firstScreenHydration`); remotes with a server entry. */
  hydration?: FirstScreenHydration;
}): Required<RemoteLifecycles> {
  const { App } = options;
  const Root = (props: LifecycleProps) => remoteRoot(options.name, options.version, props, <App />);
  const lifecycles = singleSpaReact<LifecycleProps>({
    React,
    // With hydration, the client's `createRoot` hydrates a first screen `adopt` moved into the outlet.
    ReactDOMClient: options.hydration?.client ?? ReactDOMClient,
    rootComponent: Root,
    errorBoundary(error: Error, info: React.ErrorInfo, props: LifecycleProps) {
      return (
        <React.Suspense fallback={null}>
          <RemoteErrorScreen
            error={error}
            info={info}
            bus={props.bus}
            remote={options.name}
            version={options.version}
          />
        </React.Suspense>
      );
    },
  });
  const asArray = <T,>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
  const call = (fns: unknown, props: LifecycleProps) =>
    Promise.all(
      asArray(
        fns as ((p: LifecycleProps) => Promise<unknown>) | ((p: LifecycleProps) => Promise<unknown>)[],
      ).map((fn) => fn(props)),
    );
  return {
    bootstrap: (props) => call(lifecycles.bootstrap, props),
    async mount(props) {
      if (!isContractCompatible(CONTRACT_VERSION, props.contractVersion)) {
        throw new ContractMismatchError(
          `${options.name} was built for contract ${CONTRACT_VERSION}; the shell speaks ${props.contractVersion}`,
        );
      }
      // A first screen no remote adopts is hidden by the theme's rule once the route's outlet has mounted.
      await options.hydration?.adopt(props);
      return call(lifecycles.mount, props);
    },
    unmount: (props) => call(lifecycles.unmount, props),
    update: (props) => call(lifecycles.update ?? [], props),
  };
}
