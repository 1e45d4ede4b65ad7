import { lazy, Suspense } from 'react';
import type { OfferFlowProps } from './offer-flow.ts';

// The flows load on first use: /pricing and /tokens do not pay for them (checkout's byte budget).
const OffersHost = lazy(() => import('./ui/offers-host.tsx'));

/** Runs one offer flow (see `OfferFlowProps`); nothing shows while its chunk loads. */
export function Offers(props: OfferFlowProps) {
  return (
    <Suspense fallback={null}>
      <OffersHost {...props} />
    </Suspense>
  );
}

export type { OfferFlowProps } from './offer-flow.ts';
export { showsDeclinedPopup } from './declined.ts';
export { RENEWAL_BADGE, showsRenewalBadge } from './lifetime.ts';
export { isAnnualPlan, UPGRADE_SOURCES, upgradeInitialState } from './upgrade.ts';
export { isNewUser, welcomeShown } from './welcome-pack.ts';
