import { defineRemote } from '@companion/remote-kit';
import { App } from './app/app.tsx';

/** The remote's public surface: single-spa lifecycles, mounted by the shell into its route outlet. */
const lifecycles = defineRemote({ name: 'funnels', version: __REMOTE_VERSION__, App });

export default lifecycles;
export const { bootstrap, mount, unmount, update } = lifecycles;
