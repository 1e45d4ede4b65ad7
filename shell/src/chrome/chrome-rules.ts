import { PATHS, showsChrome } from '@companion/contracts';
import type { RouteSetName } from '../brand/brands.ts';

// The chrome's layout rules App needs before the chrome's components have loaded (they are their own chunk,
// ADR 0278): which parts show, so the layout reserves the right space.

/** Whether a page shows the chrome: the main app's route set (the funnel brands never do) and `showsChrome`. */
export function chromeShown(routeSet: RouteSetName, pathname: string): boolean {
  return routeSet === 'full' && showsChrome(pathname);
}

/** On the chat list or a chat thread. */
export function isInChat(pathname: string): boolean {
  const chat = PATHS.chat.pattern;
  return pathname === chat || pathname.startsWith(`${chat}/`);
}

/** Whether the sidebar shows open, given who asked (000 §4 "Shell behaviour"). */
export function sidebarVisible(input: {
  isTablet: boolean;
  /** Desktop: the pointer is over the rail. */
  hovered: boolean;
  /** Tablet: toggled by the menu button. */
  toggled: boolean;
  isIos: boolean;
  pathname: string;
}): boolean {
  if (input.isIos && isInChat(input.pathname)) return false;
  return input.isTablet ? input.toggled : input.hovered || input.toggled;
}

/** Whether the bottom navigation shows on a path: everywhere but the premium-model pages (000 §2.5). */
export function bottomNavShown(pathname: string): boolean {
  const premium = PATHS.premiumModels.pattern;
  return !(pathname === premium || pathname.startsWith(`${premium}/`));
}
