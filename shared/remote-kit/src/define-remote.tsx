import { Component, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root as ReactRoot } from 'react-dom/client';
import {
  CONTRACT_VERSION,
  isContractCompatible,
  type LifecycleProps,
  type RemoteLifecycles,
  type RemoteName,
} from '@companion/contracts';
import { ErrorScreen } from '@companion/ui';
import { MountPropsProvider } from './remote-context.tsx';

/** Thrown when the shell speaks a contract major this remote was not built for. */
export class ContractMismatchError extends Error {
  override readonly name = 'ContractMismatchError';
}

/** The remote's error boundary: the spec's generic error screen (000 §2.5), the error logged with the remote's name. */
class RenderErrorBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`[${this.props.name}] render error`, error);
  }
  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

/**
 * Calls `done` a task after the tree it wraps has committed (mount and every update), as single-spa-react did: by
 * then React has run the tree's passive effects, so a resolved mount means the page's effects (tracking, fetches)
 * have started.
 */
class Committed extends Component<{ done: () => void; children: ReactNode }> {
  override componentDidMount() {
    setTimeout(this.props.done);
  }
  override componentDidUpdate() {
    setTimeout(this.props.done);
  }
  override render() {
    return this.props.children;
  }
}

/**
 * Turns a remote's root component into single-spa lifecycles: its own React root in the outlet's element, an error
 * boundary that shows the generic error screen (spec 000 §2.5), and a contract check before anything renders.
 * Written here rather than with single-spa-react (2.2 KB gz in every remote's first chunk, ADR 0260): mount and
 * update resolve a task after React's commit, unmount once the root is gone — the same promises the outlet awaited.
 */
export function defineRemote(options: {
  name: RemoteName;
  version: string;
  App: ComponentType;
}): Required<RemoteLifecycles> {
  const { App } = options;
  const roots = new Map<string, ReactRoot>();
  const render = (props: LifecycleProps) =>
    new Promise<void>((resolve) => {
      let root = roots.get(props.name);
      if (!root) {
        root = createRoot(props.domElement);
        roots.set(props.name, root);
      }
      root.render(
        <Committed done={resolve}>
          <RenderErrorBoundary name={options.name}>
            <MountPropsProvider value={props}>
              <div
                data-remote={options.name}
                data-build-version={options.version}
                style={{ display: 'contents' }}
              >
                <App />
              </div>
            </MountPropsProvider>
          </RenderErrorBoundary>
        </Committed>,
      );
    });
  return {
    bootstrap: () => Promise.resolve(),
    async mount(props) {
      if (!isContractCompatible(CONTRACT_VERSION, props.contractVersion)) {
        throw new ContractMismatchError(
          `${options.name} was built for contract ${CONTRACT_VERSION}; the shell speaks ${props.contractVersion}`,
        );
      }
      await render(props);
    },
    async unmount(props) {
      const root = roots.get(props.name);
      roots.delete(props.name);
      root?.unmount();
    },
    async update(props) {
      if (roots.has(props.name)) await render(props);
    },
  };
}
