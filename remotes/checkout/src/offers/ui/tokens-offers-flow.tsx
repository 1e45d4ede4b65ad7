import { useCallback, useEffect } from 'react';
import { useResource, useTrack } from '@companion/remote-kit';
import { useSubscriptionBookkeeping } from '../../hooks/use-subscription-bookkeeping.ts';
import { offerLists } from '../api.ts';
import { confirmationVariant } from '../confirmation.ts';
import { OFFER_DISCOUNTS, OFFER_TIMER_SECONDS } from '../constants.ts';
import { mysteryBoxTitle, TOKENS_CHAIN_BOX, type MysteryBoxVariant } from '../mystery-box.ts';
import { offerTimerId } from '../timers.ts';
import {
  MYSTERY_BOX_ENTRY,
  TOKENS_OFFER_COPY,
  TOKENS_OFFER_EVENTS,
  TOKENS_OFFER_TRANSITIONS,
  type TokensOfferState,
} from '../tokens-offers.ts';
import { ConfirmationModal } from './confirmation-modal.tsx';
import { MysteryBoxModal } from './mystery-box-modal.tsx';
import { OfferModal, purchaseProps } from './offer-modal.tsx';
import { tokenLine, tokenProduct } from './token-line.tsx';
import { modalEvents, useFlow, useOfferViewer, usePaidThen } from './use-flow.ts';
import { useOfferPurchase } from './use-offer-purchase.ts';

const CONFIRMS: Record<Extract<TokensOfferState, `confirm${string}`>, 'upsell' | 'downsell' | 'boxOffer'> = {
  confirmUpsell: 'upsell',
  confirmDownsell: 'downsell',
  confirmBox: 'boxOffer',
};

/**
 * After a successful token purchase (001 §4 "Tokens offers"): upsell 'Double Package' 50% OFF → confirmation →
 * downsell 'You're Lucky Today' 30% OFF → confirmation → mystery box ('extra') → its revealed offer →
 * confirmation ('mystery'). Each 59 s. With `box`, the flow is that mystery box alone (found on leaving a tokens
 * paywall, ADR 0430): the box, its revealed offer, the confirmation.
 */
export function TokensOffersFlow({
  purchasedProductId,
  source,
  onEnd,
  box: boxVariant,
}: {
  purchasedProductId: string | null;
  source: string;
  onEnd: () => void;
  box?: MysteryBoxVariant | undefined;
}) {
  const viewer = useOfferViewer();
  const track = useTrack();
  const [state, send] = useFlow(TOKENS_OFFER_TRANSITIONS, boxVariant ? MYSTERY_BOX_ENTRY : 'upsell', onEnd);
  const variant = boxVariant ?? TOKENS_CHAIN_BOX;
  // The purchase just saved a card: the consent checkbox needs the refreshed isCardTokenExists.
  const bookkeeping = useSubscriptionBookkeeping();
  useEffect(() => {
    if (!boxVariant) bookkeeping([], source);
  }, [bookkeeping, source, boxVariant]);
  const user = viewer.userId;
  const upsell = useResource(user && !boxVariant ? `offers|upsell|${user}` : null, offerLists.upsell);
  const downsell = useResource(
    user && !boxVariant && state !== 'upsell'
      ? `offers|token-downsell|${purchasedProductId ?? ''}|${user}`
      : null,
    (t) => offerLists.tokenDownsell(t, purchasedProductId),
  );
  const box = useResource(
    user && (state === 'mysteryBox' || state === 'boxOffer' || state === 'confirmBox')
      ? `offers|box|${user}`
      : null,
    offerLists.mysteryBox,
  );
  const step =
    state === 'boxOffer' || state === 'mysteryBox' || state === 'confirmBox'
      ? 'boxOffer'
      : state === 'upsell' || state === 'confirmUpsell'
        ? 'upsell'
        : 'downsell';
  const purchase = useOfferPurchase({
    source,
    step,
    downsellType: step === 'upsell' ? null : step === 'downsell' ? 'token_downsell' : 'mystery_box',
  });
  const purchased = useCallback(() => send('purchased'), [send]);
  usePaidThen(purchase.state, purchased);
  // 001 §7: the box's events carry the product it reveals and its price, like every offer modal's.
  const boxPack = box.data?.[0] ?? null;
  const boxId = boxPack?.id ?? null;
  const boxPrice = boxPack ? boxPack.currentPrice / 100 : null;
  const boxEvents = useCallback(
    (action: 'shown' | 'clicked') =>
      track(`${TOKENS_OFFER_EVENTS.mysteryBox}_${action}`, {
        placement: boxVariant ? source : 'tokens',
        variant,
        product_id: boxId,
        price_usd: boxPrice,
      }),
    [track, boxId, boxPrice, boxVariant, source, variant],
  );
  const revealed = useCallback(() => send('revealed'), [send]);
  // No box on sale for this buyer (bought once already, ADR 0301): the flow ends instead of showing it.
  const noBox = state === 'mysteryBox' && box.data?.length === 0;
  useEffect(() => {
    if (noBox) onEnd();
  }, [noBox, onEnd]);

  if (state === 'end') return null;
  if (state === 'confirmUpsell' || state === 'confirmDownsell' || state === 'confirmBox')
    return (
      <ConfirmationModal
        variant={confirmationVariant('tokens', CONFIRMS[state])}
        adult={viewer.adult}
        onLeave={() => send('leave')}
        onStay={() => send('stay')}
      />
    );
  if (state === 'mysteryBox') {
    // The box's events name its product: it opens once the list has answered.
    if (!box.data || noBox) return null;
    const percent = boxPack?.bonus ?? OFFER_DISCOUNTS.upsell;
    return (
      <MysteryBoxModal variant={variant} discount={`${percent}% OFF`} onTrack={boxEvents} onDone={revealed} />
    );
  }
  const pack = (state === 'upsell' ? upsell.data : state === 'downsell' ? downsell.data : box.data)?.[0];
  const copy =
    state === 'upsell'
      ? TOKENS_OFFER_COPY.upsell
      : state === 'downsell'
        ? TOKENS_OFFER_COPY.downsell
        : {
            title: mysteryBoxTitle(variant, 'revealed'),
            badge: 'Mystery Box',
            tag: `${pack?.bonus ?? OFFER_DISCOUNTS.upsell}% OFF`,
          };
  return (
    <OfferModal
      key={state}
      testId={`tokens-${state}`}
      badge={copy.badge}
      tag={copy.tag}
      title={copy.title}
      timer={{ id: offerTimerId('tokens', state, user), seconds: OFFER_TIMER_SECONDS.tokens }}
      line={tokenLine(pack)}
      actionLabel="Get the offer"
      {...purchaseProps(purchase, viewer.hasCard, tokenProduct(pack))}
      analytics={modalEvents(TOKENS_OFFER_EVENTS[state])}
      onDecline={() => send('decline')}
    />
  );
}
