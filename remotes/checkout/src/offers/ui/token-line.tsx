import { Icon } from '@companion/ui';
import type { TokenPack } from '../../api/payments-api.ts';
import type { OfferLine } from './offer-modal.tsx';
import type { OfferProduct } from './use-offer-purchase.ts';

/** A token pack as an offer's product row. */
export function tokenLine(pack: TokenPack | undefined): OfferLine | null {
  if (!pack) return null;
  return {
    id: pack.id,
    name: (
      <>
        <Icon name="tokens" size={20} />
        {pack.tokenAmount + pack.tokenBonus} tokens
      </>
    ),
    note: pack.tokenBonus > 0 ? `${pack.tokenAmount} + ${pack.tokenBonus} FREE` : null,
    currentPrice: pack.currentPrice,
    previousPrice: pack.previousPrice,
  };
}

/** A token pack as what an offer sells. */
export function tokenProduct(pack: TokenPack | undefined): OfferProduct | null {
  return pack ? { id: pack.id, currentPrice: pack.currentPrice, isTokens: true } : null;
}
