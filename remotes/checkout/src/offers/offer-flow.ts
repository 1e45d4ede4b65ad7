import type { BusEventMap } from '@companion/contracts';

/** Which offer flow to run, and what it needs (the wiring's only contract with `src/offers/`). */
export type OfferFlowProps =
  | { kind: 'insufficient'; insufficient: BusEventMap['tokens:insufficient-requested']; onEnd: () => void }
  | { kind: 'tokens'; purchasedProductId: string | null; source: string; onEnd: () => void }
  | { kind: 'welcome'; source: string; onEnd: () => void }
  /** The mystery box found on leaving a tokens paywall without buying (ADR 0430). */
  | { kind: 'box'; variant: 'base' | 'offer'; source: string; onEnd: () => void }
  | {
      kind: 'upgrade';
      source: string;
      onEnd: () => void;
      /** 'afterAnnual': a 12-month plan was just paid on the hosted page, the chain goes on to lifetime (001 §4). */
      entry?: 'afterAnnual';
    }
  | { kind: 'declined'; source: string; returnTo: string; onTryAgain: () => void; onEnd: () => void };
