import { defineRemote } from '@companion/remote-kit';
import { SubscriptionPanel } from './features/subscription/components/subscription-panel.tsx';

/** The subscription-management parcel: the shell's settings page mounts it for subscribers. */
const lifecycles = defineRemote({ name: 'checkout', version: __REMOTE_VERSION__, App: SubscriptionPanel });

export default lifecycles;
export const { bootstrap, mount, unmount, update } = lifecycles;
