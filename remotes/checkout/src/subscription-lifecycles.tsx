import { defineRemote } from '@companion/remote-kit';
import { SubscriptionSettings } from './pages/subscription-settings.tsx';

/** The subscription-management parcel: the shell's settings page mounts it for subscribers. */
const lifecycles = defineRemote({ name: 'checkout', version: __REMOTE_VERSION__, App: SubscriptionSettings });

export default lifecycles;
export const { bootstrap, mount, unmount, update } = lifecycles;
