import { useRemoteLocation, useRemoteNavigate } from '@companion/remote-kit';
import { usePaymentResult } from '../hooks/use-payment-result.ts';
import type { StartCheckout } from '../hooks/use-start-checkout.ts';
import { afterPurchaseTarget, RETURN_TO_PARAM } from '../lib/after-purchase.ts';
import { readPaymentReturn, withoutReturnParams } from '../lib/return-params.ts';
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
 * purchase"), closing a failure returns to the page, 'Try Again' starts a new checkout for the same product.
 */
export function PaymentReturn({ checkout, source }: { checkout: StartCheckout; source: string }) {
  const location = useRemoteLocation();
  const navigate = useRemoteNavigate();
  const back = readPaymentReturn(location.search);
  const [step, checkAgain] = usePaymentResult(back?.orderId ?? null, source);
  if (!back || !step) return null;
  const returnTo = new URLSearchParams(location.search).get(RETURN_TO_PARAM);
  const closeFlow = () =>
    navigate({ pathname: location.pathname, search: cleanSearch(location.search) }, { replace: true });
  const proceed = () => {
    const target = afterPurchaseTarget(returnTo);
    if (target === location.pathname) closeFlow();
    else navigate(target, { replace: true });
  };
  const retry = () => {
    if (back.productId) void checkout.start(back.productId, back.purchaseType === 'token', 0);
  };
  return (
    <PaymentModal
      step={step}
      retrying={checkout.loading}
      onProceed={proceed}
      onRetry={retry}
      onCheckAgain={checkAgain}
      onClose={closeFlow}
    />
  );
}
