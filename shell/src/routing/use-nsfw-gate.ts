import { useEffect, useRef, useState } from 'react';
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

/** The gate's decision, and the gated page a visitor was sent away from who may still confirm adult content. */
export interface NsfwGateState {
  gate: GateDecision;
  /** The one NSFW determination (000 §4) for this visitor now: the shell publishes it to the remotes. */
  nsfw: boolean;
  /** Path and query of the page to continue to once the visitor confirms (000 §4, §6); null when none. */
  confirmFor: string | null;
  dismiss(): void;
}

/**
 * The NSFW gate of the current route (000 §2.2): sends a visitor who may not see it to the main page. When the NSFW
 * confirmation would let them in (not on an SFW-only build, nor for a google visitor without a subscription, by the
 * one NSFW rule), it also asks them: the content dialog records the confirmation and continues to the page.
 */
export function useNsfwGate({
  history,
  pathname,
  user,
  userKnown,
  sfwOnlyBuild,
}: NsfwGateInput): NsfwGateState {
  // Read on every render: the session's user fetch stores or clears it (000 §4).
  const attribution = readAttribution(localStorage);
  const nsfw = isNsfwContent({ user, attribution, sfwOnlyBuild });
  const gate = nsfwGate(pathname, userKnown, nsfw);
  const confirmable = isNsfwContent({ user: user && { ...user, nEnabled: true }, attribution, sfwOnlyBuild });
  const [confirmFor, setConfirmFor] = useState<string | null>(null);
  // The gated page the visitor was let into: losing access there (they chose SFW in Settings) is not a request.
  const allowedOn = useRef<string | null>(null);
  if (gate === 'allow') allowedOn.current = pathname;
  useEffect(() => {
    if (gate !== 'redirect') return;
    const { search } = history.location;
    if (confirmable && allowedOn.current !== pathname) setConfirmFor(`${pathname}${search}`);
    allowedOn.current = null;
    history.replace({ pathname: '/', search, hash: '' });
  }, [gate, history, pathname, confirmable]);
  return { gate, nsfw, confirmFor, dismiss: () => setConfirmFor(null) };
}
