import { useCallback, useState } from 'react';
import { useRemoteLocation, useTransport, useVisitor } from '@companion/remote-kit';
import {
  checkOrderStatus,
  startPaymentTimer,
  updateSubscriptionPlan,
  type OrderStatus,
} from '../../api/payments-api.ts';
import { usePaymentOutcome } from '../../features/checkout/hooks/use-payment-outcome.ts';
import { useBuyer } from '../../hooks/use-buyer.ts';
import { useStartCheckout } from '../../features/checkout/hooks/use-start-checkout.ts';
import {
  outcomeOfStatus,
  POLL_CUTOFF_MS,
  POLL_INTERVAL_MS,
} from '../../features/checkout/lib/payment-flow.ts';
import { creationContext, oneClick } from '../api.ts';

export type PurchaseState =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'paid'; order: OrderStatus }
  | { status: 'failed'; errorCode: string | null };

/** What an offer sells: a product, the price for tracking, and whether it is a downsell (and which). */
export interface OfferProduct {
  id: string;
  currentPrice: number;
  isTokens: boolean;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Buys an offer: with a saved card and the buyer's consent, one click charges it through `Payments/one-click`
 * (the server refuses without consent); otherwise a card checkout, as the paywall does: the provider's form in
 * the payment modal when the server offers it (ADR 0410), else the hosted page.
 */
export function useOfferPurchase({
  source,
  step,
  downsellType,
  charge = 'one-click',
}: {
  source: string;
  /** The flow step buying: a purchase's state belongs to it. */
  step: string;
  downsellType: string | null;
  /** Saved-card charge: `Payments/one-click` (tokens) or `subscription-products/update` (plan changes). */
  charge?: 'one-click' | 'plan-change';
}) {
  const transport = useTransport();
  const settle = usePaymentOutcome(source);
  const { user } = useVisitor();
  const buyer = useBuyer();
  const { pathname, search } = useRemoteLocation();
  const returnTo = `${pathname}${search}`;
  const hosted = useStartCheckout(buyer.active !== null, returnTo, source);
  // The state belongs to the offer it was made on: the next offer of the flow starts idle.
  const [scoped, setScoped] = useState<{ scope: string; value: PurchaseState }>({
    scope: '',
    value: { status: 'idle' },
  });
  const scope = step;
  const state: PurchaseState = scoped.scope === scope ? scoped.value : { status: 'idle' };
  const setState = useCallback((value: PurchaseState) => setScoped({ scope, value }), [scope]);

  const buy = useCallback(
    async (product: OfferProduct, consent: boolean, hasCard: boolean) => {
      if (!hasCard || !consent) {
        await hosted.start(product.id, product.isTokens, product.currentPrice, undefined, downsellType);
        return;
      }
      setState({ status: 'busy' });
      // The charge is one call: its key names the payment-duration timer from the click on.
      const key = crypto.randomUUID();
      await startPaymentTimer(transport, key);
      try {
        let order =
          charge === 'plan-change'
            ? await updateSubscriptionPlan(transport, product.id, key)
            : await oneClick(
                transport,
                {
                  productId: product.id,
                  downsellType,
                  returnTo: pathname,
                  context: creationContext(user ?? null, pathname),
                },
                key,
              );
        const deadline = Date.now() + POLL_CUTOFF_MS;
        while (!order.isFinal && Date.now() < deadline) {
          await wait(POLL_INTERVAL_MS);
          order = await checkOrderStatus(transport, order.orderId);
        }
        const outcome = outcomeOfStatus(order, new Date());
        if (outcome?.step === 'success') {
          settle({ success: true, orderId: order.orderId, timerId: key, result: outcome.result });
          setState({ status: 'paid', order });
        } else {
          settle({
            success: false,
            orderId: order.orderId,
            timerId: key,
            productId: product.id,
            errorCode: order.errorCode,
            response: order,
          });
          setState({ status: 'failed', errorCode: order.errorCode });
        }
      } catch (error) {
        settle({
          success: false,
          orderId: null,
          timerId: key,
          productId: product.id,
          errorCode: null,
          response: error,
        });
        setState({ status: 'failed', errorCode: null });
      }
    },
    [transport, settle, user, downsellType, pathname, hosted, charge, setState],
  );
  return { state, buy, redirecting: hosted.loading, startFailed: hosted.failed, checkout: hosted };
}
