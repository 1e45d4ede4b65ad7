import { useEffect, useState } from 'react';
import { useMountProps, useRemoteLocation, useResource, useTrack, useVisitor } from '@companion/remote-kit';
import { Modal } from '@companion/ui';
import { getTokenProducts } from '../api/payments-api.ts';
import { usePrePaywallPropeller } from './propeller.ts';
import { useBuyer } from '../hooks/use-buyer.ts';
import { useStartCheckout } from '../features/checkout/hooks/use-start-checkout.ts';
import { PlanPicker } from '../features/plans/components/plan-picker.tsx';
import { usePlanList } from '../features/plans/hooks/use-plan-list.ts';
import { TokenPicker } from '../features/tokens/components/token-picker.tsx';
import { isNewUser, Offers, UPGRADE_SOURCES, upgradeInitialState, welcomeShown } from '../offers/offers.tsx';
// Its own small module: only the paywall parcel needs the exit box's rule, not /pricing.
import { exitBoxFound, exitBoxVariant } from '../offers/exit-box.ts';
import { LeavingScreen } from '../features/checkout/components/provider-screens.tsx';
import { offerProductId } from './offer.ts';
import { OfferBanner } from './offer-banner.tsx';
import { QUIZ_HEADLINE } from '../features/plans/lib/headlines.ts';
import { paywallSize } from './paywall-size.ts';

/**
 * The paywall opened from anywhere (`paywall:open-requested`, handled by the shell, mounted as checkout's
 * `./paywall` parcel): the plans or the token packs, preselecting a requested product or the product of the
 * time-bomb offer it was opened with (whose title, label and discount head the list). 'Continue' leaves for the
 * provider; the buyer comes back to `/pricing` or `/tokens`, which show the result and then return them here.
 */
export function PaywallModal() {
  const { paywall, bus } = useMountProps();
  const { pathname, search } = useRemoteLocation();
  const buyer = useBuyer();
  const track = useTrack();
  const request = paywall?.request;
  const isTokens = request?.paywallType === 'tokens';
  const source = request?.source ?? 'paywall';
  const checkout = useStartCheckout(buyer.active !== null, `${pathname}${search}`, source);
  const plans = usePlanList(buyer, { enabled: !isTokens });
  const packs = useResource(
    buyer.ready && isTokens ? `products|tokens|${buyer.userId}` : null,
    getTokenProducts,
  );
  const offer = request?.offer;
  useEffect(() => {
    track('paywall_shown', {
      paywallType: request?.paywallType ?? null,
      placement: source,
      offer: offer?.eventName ?? null,
    });
    bus.publish('paywall:opened', { paywallType: request?.paywallType ?? 'subscription', source });
  }, [track, bus, request?.paywallType, source, offer?.eventName]);
  usePrePaywallPropeller();
  const initialId = request?.productId ?? offerProductId(offer, plans.plans, packs.data ?? null);

  const close = () => paywall?.close();
  // Leaving the packs without buying finds the mystery box, once per tab (ADR 0430).
  const [exitBox, setExitBox] = useState(false);
  const closePicker = () => {
    if (!isTokens || checkout.loading || exitBoxFound.read() !== null) return close();
    exitBoxFound.write(true);
    setExitBox(true);
  };
  // Offer flows: a short balance gets the insufficient-tokens offer; a subscriber coming from an
  // upgrade surface (the left panel's plan banner) the upgrade chain.
  const { user } = useVisitor();
  // Read once per mount: the flow keeps running after it marks itself shown.
  const [welcomeOpen] = useState(() => welcomeShown.read() === null);
  if (paywall?.insufficient)
    return <Offers kind="insufficient" insufficient={paywall.insufficient} onEnd={close} />;
  const upgrade =
    !isTokens &&
    UPGRADE_SOURCES.has(source) &&
    buyer.active !== null &&
    user &&
    upgradeInitialState({
      period: user.periodInMonths,
      weeklyExperiment: user.userFeatures.featureExperimentWeeklyPlan,
      lifetimeFlag: false,
    }) !== null;
  if (upgrade) return <Offers kind="upgrade" source={source} onEnd={close} />;
  if (exitBox)
    return <Offers kind="box" variant={exitBoxVariant(offer !== undefined)} source={source} onEnd={close} />;
  // A new user's first tokens paywall of the tab is the welcome pack.
  if (isTokens && user && isNewUser(user) && welcomeOpen)
    return (
      <Offers
        kind="welcome"
        source={source}
        onEnd={() => {
          welcomeShown.write(true);
          close();
        }}
      />
    );
  return (
    <Modal
      open
      onClose={closePicker}
      title={isTokens ? 'Buy Tokens' : 'Get Premium'}
      size={paywallSize({ source, presentation: request?.presentation })}
    >
      <div data-testid="paywall" data-paywall-type={request?.paywallType} data-source={source}>
        {offer && <OfferBanner offer={offer} />}
        {isTokens ? (
          <TokenPicker
            key={initialId ?? 'default'}
            provider={buyer.provider}
            packs={packs.data ?? null}
            busy={checkout.loading}
            failed={checkout.failed}
            initialId={initialId}
            onContinue={(pack) => void checkout.start(pack.id, true, pack.currentPrice, pack.title)}
          />
        ) : (
          <PlanPicker
            key={initialId ?? 'default'}
            provider={buyer.provider}
            products={plans.plans}
            active={buyer.active}
            paymentSystem={buyer.paymentSystem}
            busy={checkout.loading}
            failed={checkout.failed}
            initialId={initialId}
            headline={request?.presentation === 'quiz-discount' ? QUIZ_HEADLINE : undefined}
            onContinue={(product) =>
              void checkout.start(product.id, false, product.currentPrice, product.title)
            }
          />
        )}
      </div>
      <LeavingScreen
        checkout={checkout}
        provider={buyer.provider}
        activeSystem={buyer.active?.paymentSystem ?? null}
      />
    </Modal>
  );
}
