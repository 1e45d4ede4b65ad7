import { DeclinedPopup } from './declined-popup.tsx';
import { InsufficientFlow } from './insufficient-flow.tsx';
import { TokensOffersFlow } from './tokens-offers-flow.tsx';
import { UpgradeFlow } from './upgrade-flow.tsx';
import { WelcomeFlow } from './welcome-flow.tsx';
import type { OfferFlowProps } from '../offer-flow.ts';
import { OfferEndContext } from './offer-end.ts';

/** The lazily loaded entry of every offer flow: one flow per mount, chosen by `kind`. */
export default function OffersHost(props: OfferFlowProps) {
  return <OfferEndContext.Provider value={props.onEnd}>{flowOf(props)}</OfferEndContext.Provider>;
}

function flowOf(props: OfferFlowProps) {
  switch (props.kind) {
    case 'insufficient':
      return <InsufficientFlow insufficient={props.insufficient} onEnd={props.onEnd} />;
    case 'tokens':
      return (
        <TokensOffersFlow
          purchasedProductId={props.purchasedProductId}
          source={props.source}
          onEnd={props.onEnd}
        />
      );
    case 'box':
      return (
        <TokensOffersFlow
          purchasedProductId={null}
          source={props.source}
          onEnd={props.onEnd}
          box={props.variant}
        />
      );
    case 'welcome':
      return <WelcomeFlow source={props.source} onEnd={props.onEnd} />;
    case 'upgrade':
      return <UpgradeFlow source={props.source} onEnd={props.onEnd} entry={props.entry} />;
    case 'declined':
      return (
        <DeclinedPopup
          source={props.source}
          returnTo={props.returnTo}
          onTryAgain={props.onTryAgain}
          onClose={props.onEnd}
        />
      );
  }
}
