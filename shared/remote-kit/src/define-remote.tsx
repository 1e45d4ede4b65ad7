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
import { MountPropsProvider } from './remote-context.tsx';

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
}): Required<RemoteLifecycles> {
  const { App } = options;
  function Root(props: LifecycleProps) {
    return (
      <MountPropsProvider value={props}>
        <div data-remote={options.name} data-build-version={options.version} style={{ display: 'contents' }}>
          <App />
        </div>
      </MountPropsProvider>
    );
  }
  const lifecycles = singleSpaReact<LifecycleProps>({
    React,
    ReactDOMClient,
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
      return call(lifecycles.mount, props);
    },
    unmount: (props) => call(lifecycles.unmount, props),
    update: (props) => call(lifecycles.update ?? [], props),
  };
}
