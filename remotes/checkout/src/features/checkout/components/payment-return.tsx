import { useState } from 'react';
import { useRemoteLocation, useRemoteNavigate, useResource, useVisitor } from '@companion/remote-kit';
import { getSubscriptionProducts, getTokenProducts } from '../../../api/payments-api.ts';
import { isAnnualPlan, Offers, showsDeclinedPopup } from '../../../offers/offers.tsx';
import { usePaymentResult } from '../hooks/use-payment-result.ts';
import type { StartCheckout } from '../hooks/use-start-checkout.ts';
import { afterPurchaseTarget, RETURN_TO_PARAM } from '../lib/after-purchase.ts';
import { checkoutScreen } from '../lib/checkout-screen.ts';
import { readPaymentReturn, withoutReturnParams } from '../lib/return-params.ts';
import { savedPayment } from '../lib/saved-payment.ts';
import { PaymentModal } from './payment-modal.tsx';

/** Drops the return parameters and the carried return path from a search string. */
function cleanSearch(search: string): string {
  const params = new URLSearchParams(withoutReturnParams(search));
  params.delete(RETURN_TO_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * Coming back from the provider (001 §2 return parameters, §4 "A redirect return … goes to initial payment
 * processing"): the payment modal follows the order to its result; 'Proceed' navigates on (001 §4 "After
 * purchase"), closing a failure returns to the page, 'Try Again' starts a new checkout for the same product at
 * the price kept in the payment slice. A PayPal-style return waits on the redirect screen's loader (001 §2). The
 * payment slice is cleared when the flow ends (001 §4 "the stored keys are cleared").
 */
export function PaymentReturn(props: { checkout: StartCheckout; source: string }) {
  // One instance per order: a new order's return (a card form an offer opened on this page) starts fresh, with its
  // own saved payment and no offer flow of the order before.
  const orderId = readPaymentReturn(useRemoteLocation().search)?.orderId ?? 'none';
  return <OrderReturn key={orderId} {...props} />;
}

function OrderReturn({ checkout, source }: { checkout: StartCheckout; source: string }) {
  const location = useRemoteLocation();
  const navigate = useRemoteNavigate();
  const back = readPaymentReturn(location.search);
  const [saved] = useState(() => savedPayment.read());
  // The checkout page started the payment timer under the order id it kept in the payment slice before leaving
  // for the provider (001 §3 "Saved payment"); this page stops it by that id (001 §7 stop-by-id).
  const timerId = saved?.paymentIntentOrderId === back?.orderId ? (back?.orderId ?? null) : null;
  const [step, checkAgain] = usePaymentResult(back?.orderId ?? null, source, timerId);
  // Offer flows: the tokens upsell after a pack from the token list; the declined popup for 3.02.
  const { user } = useVisitor();
  const packs = useResource(
    user && back?.purchaseType === 'token' ? `products|tokens|${user.id}` : null,
    getTokenProducts,
  );
  const plans = useResource(
    user && back?.purchaseType === 'subscription' ? `products|subscription|${user.id}` : null,
    getSubscriptionProducts,
  );
  const [upsell, setUpsell] = useState(false);
  const [lifetime, setLifetime] = useState(false);
  if (!back || !step) return null;
  const returnTo = new URLSearchParams(location.search).get(RETURN_TO_PARAM);
  const closeFlow = () => {
    savedPayment.clear();
    navigate({ pathname: location.pathname, search: cleanSearch(location.search) }, { replace: true });
  };
  const proceed = () => {
    const target = afterPurchaseTarget(returnTo);
    if (target === location.pathname) closeFlow();
    else {
      savedPayment.clear();
      navigate(target, { replace: true });
    }
  };
  const productId = back.productId ?? saved?.savedProduct.id ?? null;
  const product = saved?.savedProduct.id === productId ? saved?.savedProduct : undefined;
  const retry = () => {
    if (productId)
      void checkout.start(
        productId,
        product?.isTokens ?? back.purchaseType === 'token',
        product?.price ?? 0,
        product?.name,
      );
  };
  const fromTokenList = packs.data?.some((pack) => pack.id === back.productId) ?? false;
  // 001 §4 "A user on 12 months goes to lifetime after success", whichever button bought the year.
  const boughtYear =
    plans.data?.some((plan) => plan.id === back.productId && isAnnualPlan(plan.periodInMonths)) ?? false;
  if (lifetime) return <Offers kind="upgrade" entry="afterAnnual" source={source} onEnd={proceed} />;
  if (upsell)
    return <Offers kind="tokens" purchasedProductId={back.productId} source={source} onEnd={proceed} />;
  if (step.step === 'fail' && showsDeclinedPopup(step.errorCode, back.purchaseType === 'subscription'))
    return (
      <Offers
        kind="declined"
        source={source}
        returnTo={returnTo ?? location.pathname}
        onTryAgain={retry}
        onEnd={closeFlow}
      />
    );
  // PayPal answers with its own `token` parameter; the server's `paymentSystem` names it outright.
  const returnSystem = back.paymentSystem ?? (back.token ? 'paypal' : null);
  const redirect = checkoutScreen({ paymentSystem: null, returnSystem }) === 'redirect';
  return (
    <PaymentModal
      redirectFrom={redirect ? returnSystem : null}
      step={step}
      retrying={checkout.loading}
      onProceed={
        step.step !== 'success'
          ? proceed
          : fromTokenList
            ? () => setUpsell(true)
            : boughtYear
              ? () => {
                  // The purchase is over (001 §4 "the stored keys are cleared"); the lifetime offer is a new one.
                  savedPayment.clear();
                  setLifetime(true);
                }
              : proceed
      }
      onRetry={retry}
      onCheckAgain={checkAgain}
      onClose={closeFlow}
    />
  );
}
