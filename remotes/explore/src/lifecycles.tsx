import { defineRemote, firstScreenHydration } from '@companion/remote-kit';
import { App, prepareFirstScreen } from './app/app.tsx';

/** The remote's public surface: single-spa lifecycles, mounted by the shell into its route outlet. */
const lifecycles = defineRemote({
  name: 'explore',
  version: __REMOTE_VERSION__,
  App,
  // The origin's first screen of `/` and `/premium-models` (ADR 0453, `src/server.tsx`) hydrates in place.
  hydration: firstScreenHydration({
    name: 'explore',
    version: __REMOTE_VERSION__,
    prepare: prepareFirstScreen,
  }),
});

export default lifecycles;
export const { bootstrap, mount, unmount, update } = lifecycles;
