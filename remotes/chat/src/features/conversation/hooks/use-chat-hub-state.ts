import { useSyncExternalStore } from 'react';
import type { HubConnectionState } from '@companion/contracts';
import { useMountProps } from '@companion/remote-kit';

/** The chat hub's connection state, live from `hub:state-changed` (the replayed event may be another hub's). */
export function useChatHubState(): HubConnectionState {
  const { bus, hubs } = useMountProps();
  return useSyncExternalStore(
    (onChange) => {
      const sub = bus.subscribe('hub:state-changed', onChange);
      return () => sub.unsubscribe();
    },
    () => hubs.state('chatHub'),
  );
}

/** Whether the browser thinks it is online (`online` / `offline` events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
    () => navigator.onLine,
  );
}
