import { useCallback, useEffect, useRef, useState } from 'react';
import { leaveTo, useBus, useRemoteLocation, useTransport } from '@companion/remote-kit';
import { startCheckout, startPaymentTimer } from '../../../api/payments-api.ts';
import { redirectUrlFor } from '../lib/after-purchase.ts';
import { savedPayment } from '../lib/saved-payment.ts';
import { usePaymentTracking } from './use-payment-tracking.ts';

/** What {@link useStartCheckout} returns. */
export interface StartCheckout {
  /**
   * `name` is what the result screens call the product (kept in the payment slice across the round trip) and what
   * describes it to the ad pixels (`checkout:opened`, where the id stands in without it).
   */
  start(
    productId: string,
    isTokens: boolean,
    price: number,
    name?: string,
    /** The offer step's downsell (001 §3 start payload `isDownsellPayment`, `downsellType`); none by default. */
    downsellType?: string | null,
  ): Promise<void>;
  loading: boolean;
  /** The provider the server chose, once the browser is leaving for its page (the redirect screen shows it). */
  leavingFor: string | null;
  /** True when the start call gave no link (001 §8: it becomes a fail screen). */
  failed: boolean;
  /** The price of the start that failed (the fail screen's unpaid amount), null otherwise. */
  failedPrice: number | null;
  /** Starts the last checkout again (the fail screen's retry). */
  retry(): void;
  reset(): void;
}

/**
 * 'Continue': asks the server for a checkout (it chooses the provider, 001 §1), starts the payment-duration
 * timer, keeps the payment slice and leaves for `data.link.href` through the kit's `leaveTo`. No link is a failure.
 */
export function useStartCheckout(
  subscribed: boolean,
  returnTo: string | null,
  source: string,
): StartCheckout {
  const transport = useTransport();
  const bus = useBus();
  const location = useRemoteLocation();
  const track = usePaymentTracking();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [leaving, setLeaving] = useState<{ provider: string; href: string } | null>(null);
  const last = useRef<Parameters<StartCheckout['start']> | null>(null);
  const from = returnTo ?? `${location.pathname}${location.search}`;

  const start = useCallback(
    async (
      productId: string,
      isTokens: boolean,
      price: number,
      name = '',
      downsellType: string | null = null,
    ) => {
      last.current = [productId, isTokens, price, name, downsellType];
      setLoading(true);
      setFailed(false);
      track('checkout_started', { product_id: productId, price_usd: price / 100, placement: source });
      // Not debounced: the page leaves for the provider right after, and the pixels first record the click id.
      bus.publish('checkout:opened', {
        product: { id: productId, name: name || productId, price, isSubscription: !isTokens },
        source,
      });
      try {
        const answer = await startCheckout(
          transport,
          {
            productId,
            isPurchaseTokens: isTokens,
            isDownsellPayment: downsellType !== null,
            downsellType,
            redirectUrl: redirectUrlFor(isTokens, from),
            pathname: location.pathname,
          },
          subscribed,
          crypto.randomUUID(),
        );
        const href = answer.data.link.href;
        if (!href) throw new Error('The checkout start returned no link.');
        await startPaymentTimer(transport, answer.orderId);
        savedPayment.write({
          savedProduct: { id: productId, name, price, isTokens },
          paymentIntentTimestamp: Date.now(),
          paymentIntentOrderId: answer.orderId,
          transactionId: null,
        });
        setLeaving({ provider: answer.paymentSystem, href });
      } catch (error) {
        console.error('[checkout] checkout start failed', error);
        setFailed(true);
        setLoading(false);
        setLeaving(null);
      }
    },
    [transport, bus, from, location.pathname, subscribed, track, source],
  );
  // The browser leaves after the redirect screen has rendered: a page that has started navigating away stops
  // updating its DOM, so leaving from the click handler would never show it.
  useEffect(() => {
    if (!leaving) return;
    try {
      leaveTo(leaving.href);
    } catch (error) {
      console.error('[checkout] the provider link was refused', error);
      setLeaving(null);
      setFailed(true);
      setLoading(false);
    }
  }, [leaving]);
  return {
    start,
    loading,
    failed,
    failedPrice: failed ? (last.current?.[2] ?? null) : null,
    retry: () => {
      if (last.current) void start(...last.current);
    },
    leavingFor: leaving?.provider ?? null,
    reset: () => setFailed(false),
  };
}
