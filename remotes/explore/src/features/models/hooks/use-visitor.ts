import type { User } from '@companion/contracts';
import { useBusState } from '@companion/remote-kit';
import type { Clicker } from '../lib/card-action.ts';

/** The visitor as the click path sees it, from the shell's replayed session and user. */
export function useVisitor(): Clicker & { user: User | null | undefined } {
  const session = useBusState('session:changed');
  const user = useBusState('user:changed')?.user;
  return {
    user,
    // Same rule as the shell's chrome: registered, or a user with an email (000 §6).
    loggedIn: session?.status === 'registered' || Boolean(user?.email),
    subscribed: Boolean(user?.activeSubscription),
  };
}
