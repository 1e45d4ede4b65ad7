import { act } from '@testing-library/react';
import type { HubClient } from '@companion/contracts';
import { renderRemote, testUser, type RenderRemoteOptions } from '@companion/remote-kit/testing';
import lifecycles from '../lifecycles.tsx';

/** Tests only: lets the pending timers and promises run inside `act`. */
export const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** Tests only: the conversation `/chat/c1` for a signed-in user, with these hubs and API answers (and more bus setup). */
export function openChat(hubs: HubClient, { api, bus }: Pick<RenderRemoteOptions, 'api' | 'bus'>) {
  return renderRemote(lifecycles, {
    remote: 'chat',
    path: '/chat/c1',
    api,
    props: { hubs },
    bus: (shell) => {
      shell.publish('user:changed', { user: testUser() });
      shell.publish('session:changed', { status: 'registered', userId: 'u1', isSoftDeleted: false });
      bus?.(shell);
    },
  });
}
