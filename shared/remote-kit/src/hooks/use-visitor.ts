import type { SessionState, User } from '@companion/contracts';
import { useBusState } from '../remote-context.tsx';
import { visitorOf, type VisitorFlags } from './visitor.ts';

/** The visitor from the shell's replayed session and user (undefined until the shell has published them). */
export interface Visitor extends VisitorFlags {
  session: SessionState | undefined;
  user: User | null | undefined;
  /**
   * Adult content for this visitor: the shell's one NSFW determination (`content:mode-changed`, 000 §4). Under a
   * shell older than contract 1.4, which does not publish it, the user's `isNSFWContent`.
   */
  nsfw: boolean;
}

/** The visitor as a remote sees it: session, user, and the one logged-in / subscribed rule. */
export function useVisitor(): Visitor {
  const session = useBusState('session:changed');
  const user = useBusState('user:changed')?.user;
  const mode = useBusState('content:mode-changed');
  const nsfw = mode ? mode.nsfw : Boolean(user?.isNSFWContent);
  return { session, user, nsfw, ...visitorOf(session, user) };
}
