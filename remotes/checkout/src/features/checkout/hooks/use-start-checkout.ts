import { useCallback, useState } from 'react';
import { useRemoteLocation, useTransport } from '@companion/remote-kit';
import { startCheckout, startPaymentTimer } from '../../../api/payments-api.ts';
import { redirectUrlFor } from '../lib/after-purchase.ts';
import { usePaymentTracking } from './use-payment-tracking.ts';

/**
 * Sends the browser to the provider's hosted page: a full navigation, usually to another origin, which the shared
 * history cannot do. The kit has no seam for leaving the app yet (reported); this is the remote's only use.
 */
function goToProvider(href: string) {
  // eslint-disable-next-line no-restricted-properties -- the provider's page is outside the app (see above)
  window.location.assign(href);
}

/** What {@link useStartCheckout} returns. */
export interface StartCheckout {
  start(productId: string, isTokens: boolean, price: number): Promise<void>;
  loading: boolean;
  /** True when the start call gave no link (001 §8: it becomes a fail screen). */
  failed: boolean;
  reset(): void;
}

/**
 * 'Continue': asks the server for a checkout (it chooses the provider, 001 §1), starts the payment-duration
 * timer and follows `data.link.href`. No link is a failure.
 */
export function useStartCheckout(
  subscribed: boolean,
  returnTo: string | null,
  source: string,
): StartCheckout {
  const transport = useTransport();
  const location = useRemoteLocation();
  const track = usePaymentTracking();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const from = returnTo ?? `${location.pathname}${location.search}`;

  const start = useCallback(
    async (productId: string, isTokens: boolean, price: number) => {
      setLoading(true);
      setFailed(false);
      track('checkout_started', { product_id: productId, price_usd: price / 100, placement: source });
      try {
        const answer = await startCheckout(
          transport,
          {
            productId,
            isPurchaseTokens: isTokens,
            isDownsellPayment: false,
            downsellType: null,
            redirectUrl: redirectUrlFor(isTokens, from),
            pathname: location.pathname,
          },
          subscribed,
          crypto.randomUUID(),
        );
        const href = answer.data.link.href;
        if (!href) throw new Error('The checkout start returned no link.');
        await startPaymentTimer(transport, answer.orderId);
        goToProvider(href);
      } catch (error) {
        console.error('[checkout] checkout start failed', error);
        setFailed(true);
        setLoading(false);
      }
    },
    [transport, from, location.pathname, subscribed, track, source],
  );
  return { start, loading, failed, reset: () => setFailed(false) };
}
