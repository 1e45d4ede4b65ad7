// Supplied by `createRemoteConfig` for the development build only: the remote's own `src/lifecycles.tsx` and
// its name.
declare module '@standalone/lifecycles' {
  import type { RemoteLifecycles } from '@companion/contracts';
  const lifecycles: RemoteLifecycles;
  export default lifecycles;
}

declare const __STANDALONE_REMOTE__: string;
