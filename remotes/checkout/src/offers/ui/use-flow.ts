import { useCallback, useEffect, useState } from 'react';
import { useVisitor } from '@companion/remote-kit';
import { nextState, type Transitions } from '../machine.ts';
import type { PurchaseState } from './use-offer-purchase.ts';

/** Runs one flow's table: the state, `send(event)`, and `onEnd` once the table says 'end'. */
export function useFlow<S extends string, E extends string>(
  table: Transitions<S, E>,
  initial: S,
  onEnd: () => void,
) {
  const [state, setState] = useState<S | 'end'>(initial);
  const send = useCallback((event: E) => setState((current) => nextState(table, current, event)), [table]);
  useEffect(() => {
    if (state === 'end') onEnd();
  }, [state, onEnd]);
  return [state, send] as const;
}

/** Who sees the offer: adult copy and imagery, the one-click consent, the timer key. */
export function useOfferViewer() {
  const { user, nsfw } = useVisitor();
  return {
    userId: user?.id ?? null,
    adult: nsfw,
    hasCard: user?.isCardTokenExists ?? false,
    period: user?.periodInMonths ?? 'none',
    weeklyExperiment: user?.userFeatures.featureExperimentWeeklyPlan ?? false,
    features: user?.userFeatures,
  };
}

/** A paid one-click offer shows 'Payment Completed' for a moment, then the flow moves on with `purchased`. */
export function usePaidThen(purchase: PurchaseState, then: () => void) {
  useEffect(() => {
    if (purchase.status !== 'paid') return;
    const timer = setTimeout(then, 1200);
    return () => clearTimeout(timer);
  }, [purchase.status, then]);
}

/** `<name>_shown|clicked|closed`. */
export const modalEvents = (name: string) => ({
  shown: `${name}_shown`,
  clicked: `${name}_clicked`,
  closed: `${name}_closed`,
});
