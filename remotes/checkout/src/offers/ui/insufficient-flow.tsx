import { useCallback } from 'react';
import type { BusEventMap } from '@companion/contracts';
import { useResource } from '@companion/remote-kit';
import { cx, Icon } from '@companion/ui';
import { offerLists } from '../api.ts';
import { confirmationVariant } from '../confirmation.ts';
import { OFFER_TIMER_SECONDS } from '../constants.ts';
import {
  freeTokensLabel,
  INSUFFICIENT_COPY,
  INSUFFICIENT_TRANSITIONS,
  insufficientArt,
  insufficientEvent,
  requestKind,
} from '../insufficient-tokens.ts';
import { offerTimerId } from '../timers.ts';
import { ConfirmationModal } from './confirmation-modal.tsx';
import { OfferModal, purchaseProps } from './offer-modal.tsx';
import * as styles from './offer.css.ts';
import { tokenLine, tokenProduct } from './token-line.tsx';
import { useFlow, useOfferViewer, usePaidThen } from './use-flow.ts';
import { useOfferPurchase } from './use-offer-purchase.ts';

const NEEDS = { message: 'This message', photo: 'This photo', character: 'This character' } as const;

/**
 * The insufficient-tokens popup (001 §2) for `tokens:insufficient-requested`: the x2 package, then (after the
 * confirmation) "Honey, don't go now!" at 70% OFF; imagery by request kind and adult content.
 */
export function InsufficientFlow({
  insufficient,
  onEnd,
}: {
  insufficient: BusEventMap['tokens:insufficient-requested'];
  onEnd: () => void;
}) {
  const viewer = useOfferViewer();
  const kind = requestKind(insufficient.request);
  const [state, send] = useFlow(INSUFFICIENT_TRANSITIONS, 'main', onEnd);
  const step = state === 'downsell' ? 'downsell' : 'main';
  const main = useResource(viewer.userId ? `offers|insufficient|main|${viewer.userId}` : null, (t) =>
    offerLists.insufficient(t, 'main'),
  );
  const downsell = useResource(
    viewer.userId && state !== 'main' ? `offers|insufficient|downsell|${viewer.userId}` : null,
    (t) => offerLists.insufficient(t, 'downsell'),
  );
  const purchase = useOfferPurchase({
    source: insufficient.source,
    step,
    downsellType: step === 'downsell' ? 'insufficient_downsell' : null,
  });
  const purchased = useCallback(() => send('purchased'), [send]);
  usePaidThen(purchase.state, purchased);
  const art = insufficientArt(kind, viewer.adult);
  const artNode = (
    <span className={cx(styles.art, styles.artTone[art])} data-art={art} aria-hidden="true">
      <Icon name={kind === 'photo' ? 'image' : 'message'} size={34} />
    </span>
  );
  if (state === 'end') return null;
  if (state === 'confirm')
    return (
      <ConfirmationModal
        variant={confirmationVariant('insufficient', 'main')}
        adult={viewer.adult}
        onLeave={() => send('leave')}
        onStay={() => send('stay')}
      />
    );
  const pack = (step === 'main' ? main.data : downsell.data)?.[0];
  const copy = step === 'main' ? INSUFFICIENT_COPY.main : INSUFFICIENT_COPY.downsell;
  return (
    <OfferModal
      key={step}
      testId={`insufficient-${step}`}
      source={insufficient.source}
      title={copy.title}
      tag={step === 'main' ? INSUFFICIENT_COPY.main.tag : `x2 · ${INSUFFICIENT_COPY.downsell.tag}`}
      subtitle={`${NEEDS[insufficient.request]} needs ${insufficient.needed} token${insufficient.needed === 1 ? '' : 's'}`}
      art={artNode}
      timer={{
        id: offerTimerId('insufficient', step, viewer.userId),
        seconds: step === 'main' ? OFFER_TIMER_SECONDS.tokens : OFFER_TIMER_SECONDS.insufficientDownsell,
      }}
      line={tokenLine(pack)}
      note={step === 'main' ? INSUFFICIENT_COPY.main.note : undefined}
      actionLabel={pack ? freeTokensLabel(pack.tokenBonus) : 'Get FREE tokens'}
      {...purchaseProps(purchase, viewer.hasCard, tokenProduct(pack))}
      analytics={{
        shown: insufficientEvent(kind, step, 'popup_shown'),
        clicked: insufficientEvent(kind, step, 'clicked'),
        closed: insufficientEvent(kind, step, 'closed'),
      }}
      onDecline={() => send('decline')}
    />
  );
}
