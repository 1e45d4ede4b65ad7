import { Icon } from '@companion/ui';
import type { TokenPack } from '../../api/payments-api.ts';
import type { OfferLine } from './offer-modal.tsx';

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
