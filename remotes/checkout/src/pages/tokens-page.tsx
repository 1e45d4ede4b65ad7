import { PATHS } from '@companion/contracts';
import { useBusState, useRemoteLocation, useResource } from '@companion/remote-kit';
import { getHiddenTokenProducts, getTokenProducts } from '../api/payments-api.ts';
import { useBuyer } from '../hooks/use-buyer.ts';
import { TokenPicker } from '../features/tokens/components/token-picker.tsx';
import { CheckoutPage, usePageCheckout } from './checkout-page.tsx';

/** `/tokens` and the hidden `/magic-page-tokens` (which adds the admin-only packs for admins). */
export function TokensPage() {
  const { pathname } = useRemoteLocation();
  const buyer = useBuyer();
  const balance = useBusState('tokens:balance-changed')?.balance;
  const magic = PATHS.magicPageTokens.matches(pathname);
  const packs = useResource(buyer.ready ? `products|tokens|${buyer.userId}` : null, getTokenProducts);
  const hidden = useResource(
    magic && buyer.ready ? `products|tokens-hidden|${buyer.userId}` : null,
    getHiddenTokenProducts,
  );
  const checkout = usePageCheckout(buyer);
  const list = packs.data ? [...packs.data, ...(hidden.data ?? [])] : null;
  return (
    <CheckoutPage
      title="Buy Tokens"
      lead={
        balance
          ? `You have ${balance.remainingTokens} tokens. Spend them on photos, messages and unlocks.`
          : 'Spend tokens on photos, messages and unlocks.'
      }
      buyer={buyer}
      checkout={checkout}
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
    </CheckoutPage>
  );
}
