import { useEffect } from 'react';
import { useMountProps, useRemoteLocation, useResource, useTrack } from '@companion/remote-kit';
import { Modal } from '@companion/ui';
import { getSubscriptionProducts, getTokenProducts } from '../api/payments-api.ts';
import { useBuyer } from '../hooks/use-buyer.ts';
import { useStartCheckout } from '../features/checkout/hooks/use-start-checkout.ts';
import { PlanPicker } from '../features/plans/components/plan-picker.tsx';
import { TokenPicker } from '../features/tokens/components/token-picker.tsx';
import { paywallSize } from './paywall-size.ts';

/**
 * The paywall opened from anywhere (`paywall:open-requested`, handled by the shell, mounted as checkout's
 * `./paywall` parcel): the plans or the token packs, preselecting a requested product. 'Continue' leaves for the
 * provider; the buyer comes back to `/pricing` or `/tokens`, which show the result and then return them here.
 */
export function PaywallModal() {
  const { paywall } = useMountProps();
  const { pathname, search } = useRemoteLocation();
  const buyer = useBuyer();
  const track = useTrack();
  const request = paywall?.request;
  const isTokens = request?.paywallType === 'tokens';
  const source = request?.source ?? 'paywall';
  const checkout = useStartCheckout(buyer.active !== null, `${pathname}${search}`, source);
  const plans = useResource(
    buyer.ready && !isTokens ? `products|subscription|${buyer.userId}` : null,
    getSubscriptionProducts,
  );
  const packs = useResource(
    buyer.ready && isTokens ? `products|tokens|${buyer.userId}` : null,
    getTokenProducts,
  );
  useEffect(() => {
    track('paywall_shown', { paywallType: request?.paywallType ?? null, placement: source });
  }, [track, request?.paywallType, source]);

  const close = () => paywall?.close();
  return (
    <Modal open onClose={close} title={isTokens ? 'Buy Tokens' : 'Get Premium'} size={paywallSize(source)}>
      <div data-testid="paywall" data-paywall-type={request?.paywallType} data-source={source}>
        {isTokens ? (
          <TokenPicker
            packs={packs.data ?? null}
            busy={checkout.loading}
            failed={checkout.failed}
            initialId={request?.productId}
            onContinue={(pack) => void checkout.start(pack.id, true, pack.currentPrice)}
          />
        ) : (
          <PlanPicker
            products={plans.data ?? null}
            active={buyer.active}
            paymentSystem={buyer.paymentSystem}
            busy={checkout.loading}
            failed={checkout.failed}
            initialId={request?.productId}
            onContinue={(product) => void checkout.start(product.id, false, product.currentPrice)}
          />
        )}
      </div>
    </Modal>
  );
}
