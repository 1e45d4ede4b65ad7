import { useEffect } from 'react';
import type { AppHistory, User } from '@companion/contracts';
import { nsfwGate, type GateDecision } from './access-rules.ts';
import { isNsfwContent, readAttribution } from './nsfw.ts';

/** Inputs of {@link useNsfwGate}. */
export interface NsfwGateInput {
  history: AppHistory;
  pathname: string;
  user: User | null;
  userKnown: boolean;
  sfwOnlyBuild: boolean;
}

/** The NSFW gate of the current route (000 §2.2): sends a visitor who may not see it to the main page. */
export function useNsfwGate({
  history,
  pathname,
  user,
  userKnown,
  sfwOnlyBuild,
}: NsfwGateInput): GateDecision {
  const nsfw = isNsfwContent({
    user,
    // Read on every render: the session's user fetch stores or clears it (000 §4).
    attribution: readAttribution(localStorage),
    sfwOnlyBuild,
  });
  const gate = nsfwGate(pathname, userKnown, nsfw);
  useEffect(() => {
    if (gate === 'redirect') history.replace({ pathname: '/', search: history.location.search, hash: '' });
  }, [gate, history]);
  return gate;
}
