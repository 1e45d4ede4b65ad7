import { defineRemote } from '@companion/remote-kit';
import { SidebarBanners } from './offers/ui/sidebar-banners.tsx';

/** The left panel's promo banners parcel: the shell's sidebar mounts it in slot 'sidebar'. */
const lifecycles = defineRemote({ name: 'checkout', version: __REMOTE_VERSION__, App: SidebarBanners });

export default lifecycles;
export const { bootstrap, mount, unmount, update } = lifecycles;
