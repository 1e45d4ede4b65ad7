import type { ReactNode } from 'react';
import { useRemoteLocation } from '@companion/remote-kit';
import { PaymentReturn } from '../features/checkout/components/payment-return.tsx';
import { LeavingScreen } from '../features/checkout/components/provider-screens.tsx';
import { useStartCheckout, type StartCheckout } from '../features/checkout/hooks/use-start-checkout.ts';
import { RETURN_TO_PARAM } from '../features/checkout/lib/after-purchase.ts';
import type { Buyer } from '../hooks/use-buyer.ts';
import { usePrePaywallPropeller } from '../paywall/propeller.ts';
import * as styles from './page.css.ts';

/** The checkout a store page starts: back to its `returnTo` after the purchase, the pre-paywall propeller shown. */
export function usePageCheckout(buyer: Buyer): StartCheckout {
  const { pathname, search } = useRemoteLocation();
  const returnTo = new URLSearchParams(search).get(RETURN_TO_PARAM);
  const checkout = useStartCheckout(buyer.active !== null, returnTo, pathname);
  usePrePaywallPropeller();
  return checkout;
}

/**
 * A store page's root, marked `data-testid="remote-page"` for the e2e suites and `pnpm bench`: its picker, then the
 * screens of the checkout it started (leaving for the provider, the provider's return).
 */
export function CheckoutPage({
  title,
  lead,
  buyer,
  checkout,
  children,
}: {
  title: string;
  lead?: ReactNode;
  buyer: Buyer;
  checkout: StartCheckout;
  children: ReactNode;
}) {
  const { pathname } = useRemoteLocation();
  return (
    <section className={styles.page} data-testid="remote-page" data-page={pathname}>
      <h1 className={styles.title}>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
      <LeavingScreen
        checkout={checkout}
        provider={buyer.provider}
        activeSystem={buyer.active?.paymentSystem ?? null}
      />
      <PaymentReturn checkout={checkout} source={pathname} />
    </section>
  );
}
