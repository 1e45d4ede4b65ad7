import type { SessionState, User } from '@companion/contracts';
import { useBusState } from '../remote-context.tsx';
import { visitorOf, type VisitorFlags } from './visitor.ts';

/** The visitor from the shell's replayed session and user (undefined until the shell has published them). */
export interface Visitor extends VisitorFlags {
  session: SessionState | undefined;
  user: User | null | undefined;
}

/** The visitor as a remote sees it: session, user, and the one logged-in / subscribed rule. */
export function useVisitor(): Visitor {
  const session = useBusState('session:changed');
  const user = useBusState('user:changed')?.user;
  return { session, user, ...visitorOf(session, user) };
}
