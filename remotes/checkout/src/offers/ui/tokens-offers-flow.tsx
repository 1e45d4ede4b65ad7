import { useCallback, useEffect } from 'react';
import { useBus, useResource, useTrack } from '@companion/remote-kit';
import { offerLists } from '../api.ts';
import { confirmationVariant } from '../confirmation.ts';
import { OFFER_DISCOUNTS, OFFER_TIMER_SECONDS } from '../constants.ts';
import { mysteryBoxTitle, TOKENS_CHAIN_BOX } from '../mystery-box.ts';
import { offerTimerId } from '../timers.ts';
import {
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

const CONFIRMS: Record<Extract<TokensOfferState, `confirm${string}`>, 'upsell' | 'downsell'> = {
  confirmUpsell: 'upsell',
  confirmDownsell: 'downsell',
};

/**
 * After a successful token purchase (001 §4 "Tokens offers"): upsell 'Double Package' 50% OFF → confirmation →
 * downsell 'You're Lucky Today' 30% OFF → confirmation → mystery box → its revealed offer. Each 59 s.
 */
export function TokensOffersFlow({
  purchasedProductId,
  source,
  onEnd,
}: {
  purchasedProductId: string | null;
  source: string;
  onEnd: () => void;
}) {
  const viewer = useOfferViewer();
  const track = useTrack();
  const [state, send] = useFlow(TOKENS_OFFER_TRANSITIONS, 'upsell', onEnd);
  const bus = useBus();
  // The purchase just saved a card: the consent checkbox needs the refreshed isCardTokenExists.
  useEffect(() => bus.publish('user:refresh-requested', { source }), [bus, source]);
  const user = viewer.userId;
  const upsell = useResource(user ? `offers|upsell|${user}` : null, offerLists.upsell);
  const downsell = useResource(
    user && state !== 'upsell' ? `offers|token-downsell|${purchasedProductId ?? ''}|${user}` : null,
    (t) => offerLists.tokenDownsell(t, purchasedProductId),
  );
  const box = useResource(
    user && (state === 'mysteryBox' || state === 'boxOffer') ? `offers|box|${user}` : null,
    offerLists.mysteryBox,
  );
  const step =
    state === 'boxOffer'
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
  const boxEvents = useCallback(
    (action: 'shown' | 'clicked') =>
      track(`${TOKENS_OFFER_EVENTS.mysteryBox}_${action}`, { placement: 'tokens' }),
    [track],
  );
  const revealed = useCallback(() => send('revealed'), [send]);

  if (state === 'end') return null;
  if (state === 'confirmUpsell' || state === 'confirmDownsell')
    return (
      <ConfirmationModal
        variant={confirmationVariant('tokens', CONFIRMS[state])}
        adult={viewer.adult}
        onLeave={() => send('leave')}
        onStay={() => send('stay')}
      />
    );
  if (state === 'mysteryBox') {
    const pack = box.data?.[0];
    const percent = pack?.bonus ?? OFFER_DISCOUNTS.upsell;
    return (
      <MysteryBoxModal
        variant={TOKENS_CHAIN_BOX}
        discount={`${percent}% OFF`}
        onTrack={boxEvents}
        onDone={revealed}
      />
    );
  }
  const pack = (state === 'upsell' ? upsell.data : state === 'downsell' ? downsell.data : box.data)?.[0];
  const copy =
    state === 'upsell'
      ? TOKENS_OFFER_COPY.upsell
      : state === 'downsell'
        ? TOKENS_OFFER_COPY.downsell
        : {
            title: mysteryBoxTitle(TOKENS_CHAIN_BOX, 'revealed'),
            badge: 'Mystery Box',
            tag: `${pack?.bonus ?? OFFER_DISCOUNTS.upsell}% OFF`,
          };
  return (
    <OfferModal
      key={state}
      testId={`tokens-${state}`}
      heading={copy.title}
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
