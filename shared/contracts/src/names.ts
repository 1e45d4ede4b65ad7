// The vocabulary both the bus contract (`events.ts`) and the mount props (`mount.ts`) speak. It imports nothing,
// so neither of those two files needs the other's names.

/** The remotes the platform federates. Only the shell maps routes to them, at run time. */
export type RemoteName =
  'explore' | 'chat' | 'create-character' | 'gallery' | 'photo-generation' | 'checkout' | 'funnels';

/** Colour scheme. */
export type ThemeMode = 'dark' | 'light';

/** The hubs the shell connects to (001 §7). */
export type HubName = 'paymentNotificationHub' | 'registrationNotificationHub' | 'chatHub';

/** SignalR connection states as the spec names them. */
export type HubConnectionState =
  'Disconnected' | 'Connecting' | 'Connected' | 'Disconnecting' | 'Reconnecting';

/** The query flag that switches the light theme on (000 §1); the saved-auth info calls it the same. */
export const LIGHT_THEME_PARAM = 'isLightTheme';

/** Whether a page's query asks for the light theme: the flag is there and is not `false` or `0`. */
export function lightThemeRequested(search: string | URLSearchParams): boolean {
  const flag = new URLSearchParams(search).get(LIGHT_THEME_PARAM);
  return flag !== null && flag !== 'false' && flag !== '0';
}
