import { useCallback } from 'react';
import { useResource } from '@companion/remote-kit';
import { offerLists } from '../api.ts';
import { confirmationVariant } from '../confirmation.ts';
import { OFFER_TIMER_SECONDS } from '../constants.ts';
import { offerTimerId } from '../timers.ts';
import { WELCOME_COPY, WELCOME_TRANSITIONS, type WelcomeState } from '../welcome-pack.ts';
import { ConfirmationModal } from './confirmation-modal.tsx';
import { OfferModal, purchaseProps } from './offer-modal.tsx';
import { tokenLine, tokenProduct } from './token-line.tsx';
import { modalEvents, useFlow, useOfferViewer, usePaidThen } from './use-flow.ts';
import { useOfferPurchase } from './use-offer-purchase.ts';

const CONFIRMS: Partial<Record<WelcomeState, 'welcome' | 'downsell'>> = {
  confirmWelcome: 'welcome',
  confirmDownsell: 'downsell',
};

/** The new-user welcome flow (001 §2, §4): Welcome Pack → 70% OFF → TOTAL 90% OFF → close. */
export function WelcomeFlow({ source, onEnd }: { source: string; onEnd: () => void }) {
  const viewer = useOfferViewer();
  const [state, send] = useFlow(WELCOME_TRANSITIONS, 'welcome', onEnd);
  const offer = state === 'confirmWelcome' ? 'welcome' : state === 'confirmDownsell' ? 'downsell' : state;
  const user = viewer.userId;
  const packs = useResource(user && offer !== 'end' ? `offers|welcome|${offer}|${user}` : null, (t) =>
    offerLists.welcome(t, offer === 'end' ? 'welcome' : offer),
  );
  const purchase = useOfferPurchase({
    source,
    step: offer,
    downsellType: offer === 'welcome' ? null : `welcome_${offer}`,
  });
  const purchased = useCallback(() => send('purchased'), [send]);
  usePaidThen(purchase.state, purchased);
  if (state === 'end' || offer === 'end') return null;
  const confirming = CONFIRMS[state];
  if (confirming)
    return (
      <ConfirmationModal
        variant={confirmationVariant('welcome', confirming)}
        adult={viewer.adult}
        onLeave={() => send('leave')}
        onStay={() => send('stay')}
      />
    );
  const pack = packs.data?.[0];
  const copy =
    offer === 'welcome'
      ? { badge: WELCOME_COPY.welcome.badge, title: WELCOME_COPY.welcome.title, tag: undefined }
      : offer === 'downsell'
        ? { badge: undefined, title: WELCOME_COPY.downsell.title, tag: WELCOME_COPY.downsell.tag }
        : { badge: WELCOME_COPY.extra.badge, title: WELCOME_COPY.extra.title, tag: '90% OFF' };
  return (
    <OfferModal
      key={offer}
      testId={`welcome-${offer}`}
      badge={copy.badge}
      tag={copy.tag}
      title={copy.title}
      timer={{ id: offerTimerId('welcome', offer, user), seconds: OFFER_TIMER_SECONDS.tokens }}
      line={tokenLine(pack)}
      actionLabel="Get the offer"
      {...purchaseProps(purchase, viewer.hasCard, tokenProduct(pack))}
      analytics={modalEvents(`welcome_${offer}_modal`)}
      onDecline={() => send('decline')}
    />
  );
}
