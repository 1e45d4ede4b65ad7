import { createContext, useContext } from 'react';

/**
 * Ends the offer flow on screen (its host's `onEnd`). A card checkout an offer started in the payment modal ends
 * the flow when it settles: the page's result screen takes over, as after the hosted page's return (ADR 0410).
 */
export const OfferEndContext = createContext<(() => void) | null>(null);

/** The current flow's end, or null outside a flow. */
export function useOfferEnd(): (() => void) | null {
  return useContext(OfferEndContext);
}
