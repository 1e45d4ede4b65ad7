import { PATHS } from '@companion/contracts';
import { useRemoteLocation } from '@companion/remote-kit';
import { useBuyer } from '../hooks/use-buyer.ts';
import { PlanPicker } from '../features/plans/components/plan-picker.tsx';
import { useInlinedPlans } from '../features/plans/hooks/use-inlined-plans.ts';
import { usePlanList } from '../features/plans/hooks/use-plan-list.ts';
import { CheckoutPage, usePageCheckout } from './checkout-page.tsx';

/** `/pricing` and the hidden `/magic-page-pricing` (which adds the admin-only plans for admins). */
export function PricingPage() {
  const { pathname } = useRemoteLocation();
  const buyer = useBuyer();
  const magic = PATHS.magicPagePricing.matches(pathname);
  const { plans: loaded, failed } = usePlanList(buyer, { hidden: magic });
  const inlined = useInlinedPlans();
  const plans = loaded ?? inlined ?? null;
  const checkout = usePageCheckout(buyer);
  return (
    <CheckoutPage
      title="Pricing"
      lead="Unlimited chats, photos and your own AI companion. Cancel anytime."
      buyer={buyer}
      checkout={checkout}
    >
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
    </CheckoutPage>
  );
}
