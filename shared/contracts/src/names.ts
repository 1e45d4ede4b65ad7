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
