import { PATHS } from '@companion/contracts';
import { useRemoteLocation, useResource } from '@companion/remote-kit';
import { getHiddenSubscriptionProducts, getSubscriptionProducts } from '../api/payments-api.ts';
import { PaymentReturn } from '../features/checkout/components/payment-return.tsx';
import { LeavingScreen } from '../features/checkout/components/provider-screens.tsx';
import { useBuyer } from '../hooks/use-buyer.ts';
import { useStartCheckout } from '../features/checkout/hooks/use-start-checkout.ts';
import { RETURN_TO_PARAM } from '../features/checkout/lib/after-purchase.ts';
import { PlanPicker } from '../features/plans/components/plan-picker.tsx';
import { CheckoutPage } from './checkout-page.tsx';

/** `/pricing` and the hidden `/magic-page-pricing` (which adds the admin-only plans for admins). */
export function PricingPage() {
  const { pathname, search } = useRemoteLocation();
  const buyer = useBuyer();
  const magic = PATHS.magicPagePricing.matches(pathname);
  const products = useResource(
    buyer.ready ? `products|subscription|${buyer.userId}` : null,
    getSubscriptionProducts,
  );
  // Non-admins get 403 here: the hidden list is simply absent for them.
  const hidden = useResource(
    magic && buyer.ready ? `products|subscription-hidden|${buyer.userId}` : null,
    getHiddenSubscriptionProducts,
  );
  const returnTo = new URLSearchParams(search).get(RETURN_TO_PARAM);
  const checkout = useStartCheckout(buyer.active !== null, returnTo, pathname);
  const list = products.data ? [...products.data, ...(hidden.data ?? [])] : null;
  return (
    <CheckoutPage title="Pricing" lead="Unlimited chats, photos and your own AI companion. Cancel anytime.">
      {products.status === 'error' && !products.data ? (
        <p role="alert">The plans could not be loaded. Please reload the page.</p>
      ) : (
        <PlanPicker
          products={list}
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
      <LeavingScreen checkout={checkout} provider={buyer.provider} />
      <PaymentReturn checkout={checkout} source={pathname} />
    </CheckoutPage>
  );
}
