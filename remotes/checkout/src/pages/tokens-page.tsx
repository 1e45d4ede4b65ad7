import { PATHS } from '@companion/contracts';
import { useBusState, useRemoteLocation, useResource } from '@companion/remote-kit';
import { getHiddenTokenProducts, getTokenProducts } from '../api/payments-api.ts';
import { PaymentReturn } from '../features/checkout/components/payment-return.tsx';
import { LeavingScreen } from '../features/checkout/components/provider-screens.tsx';
import { useBuyer } from '../hooks/use-buyer.ts';
import { useStartCheckout } from '../features/checkout/hooks/use-start-checkout.ts';
import { RETURN_TO_PARAM } from '../features/checkout/lib/after-purchase.ts';
import { TokenPicker } from '../features/tokens/components/token-picker.tsx';
import { usePrePaywallPropeller } from '../paywall/propeller.ts';
import { CheckoutPage } from './checkout-page.tsx';

/** `/tokens` and the hidden `/magic-page-tokens` (which adds the admin-only packs for admins). */
export function TokensPage() {
  const { pathname, search } = useRemoteLocation();
  const buyer = useBuyer();
  const balance = useBusState('tokens:balance-changed')?.balance;
  const magic = PATHS.magicPageTokens.matches(pathname);
  const packs = useResource(buyer.ready ? `products|tokens|${buyer.userId}` : null, getTokenProducts);
  const hidden = useResource(
    magic && buyer.ready ? `products|tokens-hidden|${buyer.userId}` : null,
    getHiddenTokenProducts,
  );
  const returnTo = new URLSearchParams(search).get(RETURN_TO_PARAM);
  const checkout = useStartCheckout(buyer.active !== null, returnTo, pathname);
  usePrePaywallPropeller();
  const list = packs.data ? [...packs.data, ...(hidden.data ?? [])] : null;
  return (
    <CheckoutPage
      title="Buy Tokens"
      lead={
        balance
          ? `You have ${balance.remainingTokens} tokens. Spend them on photos, messages and unlocks.`
          : 'Spend tokens on photos, messages and unlocks.'
      }
    >
      {packs.status === 'error' && !packs.data ? (
        <p role="alert">The token packs could not be loaded. Please reload the page.</p>
      ) : (
        <TokenPicker
          packs={list}
          busy={checkout.loading}
          failed={checkout.failed}
          provider={buyer.provider}
          onContinue={(pack) => void checkout.start(pack.id, true, pack.currentPrice, pack.title)}
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
