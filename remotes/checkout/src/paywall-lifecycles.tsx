import { defineRemote } from '@companion/remote-kit';
import { PaywallModal } from './paywall/paywall-modal.tsx';

/** The paywall parcel: the shell mounts it over any page when a paywall is requested on the bus. */
const lifecycles = defineRemote({ name: 'checkout', version: __REMOTE_VERSION__, App: PaywallModal });

export default lifecycles;
export const { bootstrap, mount, unmount, update } = lifecycles;
