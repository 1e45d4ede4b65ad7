import { defineRemote, firstScreenHydration } from '@companion/remote-kit';
import { App, prepareFirstScreen } from './app/app.tsx';

/** The remote's public surface: single-spa lifecycles, mounted by the shell into its route outlet. */
const lifecycles = defineRemote({
  name: 'checkout',
  version: __REMOTE_VERSION__,
  App,
  // The origin's first screen of `/pricing` (ADR 0455, `src/server.tsx`) hydrates in place.
  hydration: firstScreenHydration({
    name: 'checkout',
    version: __REMOTE_VERSION__,
    prepare: prepareFirstScreen,
  }),
});

export default lifecycles;
export const { bootstrap, mount, unmount, update } = lifecycles;
