import { PATHS } from '@companion/contracts';
import { useRemoteLocation } from '@companion/remote-kit';
import { PaymentReturn } from '../features/checkout/components/payment-return.tsx';
import { LeavingScreen } from '../features/checkout/components/provider-screens.tsx';
import { useBuyer } from '../hooks/use-buyer.ts';
import { useStartCheckout } from '../features/checkout/hooks/use-start-checkout.ts';
import { RETURN_TO_PARAM } from '../features/checkout/lib/after-purchase.ts';
import { PlanPicker } from '../features/plans/components/plan-picker.tsx';
import { usePlanList } from '../features/plans/hooks/use-plan-list.ts';
import { usePrePaywallPropeller } from '../paywall/propeller.ts';
import { CheckoutPage } from './checkout-page.tsx';

/** `/pricing` and the hidden `/magic-page-pricing` (which adds the admin-only plans for admins). */
export function PricingPage() {
  const { pathname, search } = useRemoteLocation();
  const buyer = useBuyer();
  const magic = PATHS.magicPagePricing.matches(pathname);
  const { plans, failed } = usePlanList(buyer, { hidden: magic });
  const returnTo = new URLSearchParams(search).get(RETURN_TO_PARAM);
  const checkout = useStartCheckout(buyer.active !== null, returnTo, pathname);
  usePrePaywallPropeller();
  return (
    <CheckoutPage title="Pricing" lead="Unlimited chats, photos and your own AI companion. Cancel anytime.">
      {failed ? (
        <p role="alert">The plans could not be loaded. Please reload the page.</p>
      ) : (
        <PlanPicker
          products={plans}
          active={buyer.active}
          paymentSystem={buyer.paymentSystem}
          busy={checkout.loading}
          failed={checkout.failed}
          provider={buyer.provider}
          onContinue={(product) =>
            void checkout.start(product.id, false, product.currentPrice, product.title)
          }
        />
      )}
      <LeavingScreen
        checkout={checkout}
        provider={buyer.provider}
        activeSystem={buyer.active?.paymentSystem ?? null}
      />
      <PaymentReturn checkout={checkout} source={pathname} />
    </CheckoutPage>
  );
}
