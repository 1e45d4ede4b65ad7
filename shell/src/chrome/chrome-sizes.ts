import { MEDIA_MAX, MEDIA_MIN } from '@companion/ui';

/** Media queries and sizes the chrome's style files share (spec 000 §2.5, §4). */
export const TABLET = MEDIA_MAX.tablet;
export const PHONE = MEDIA_MAX.phone;
export const DESKTOP = MEDIA_MIN.desktop;
export const HEADER_HEIGHT = 64;
export const RAIL_WIDTH = 76;
export const SIDEBAR_WIDTH = 256;
export const BOTTOM_NAV_HEIGHT = 64;
