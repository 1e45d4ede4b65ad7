import type { SessionState, User } from '@companion/contracts';

/** Who is visiting, as chrome and remotes decide what to show (000 §6). */
export interface VisitorFlags {
  /** Registered, or a user with an email: sees the profile menu, may use what needs an account. */
  loggedIn: boolean;
  /** Has an active subscription. */
  subscribed: boolean;
}

/** The one "logged in" / "subscribed" rule; the shell's chrome and every remote use it. */
export function visitorOf(
  session: SessionState | null | undefined,
  user: User | null | undefined,
): VisitorFlags {
  return {
    loggedIn: session?.status === 'registered' || Boolean(user?.email),
    subscribed: Boolean(user?.activeSubscription),
  };
}
