import type { HubClient } from '@companion/contracts';

/** Hub client until the shell's hub connections land (shell issue): reports Disconnected, refuses calls. */
export const OFFLINE_HUBS: HubClient = {
  state: () => 'Disconnected',
  invoke: () => Promise.reject(new Error('real-time hubs are not connected')),
  stream: () => ({
    subscribe(observer) {
      queueMicrotask(() => observer.error(new Error('real-time hubs are not connected')));
      return { dispose() {} };
    },
  }),
};
