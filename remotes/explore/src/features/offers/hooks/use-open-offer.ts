import type { TimeBombOffer } from '@companion/contracts';
import { useBus, useTrack } from '@companion/remote-kit';

/** A banner's click: tracks the offer's own event, then asks the shell for the paywall with the offer. */
export function useOpenOffer() {
  const bus = useBus();
  const track = useTrack();
  return (offer: TimeBombOffer) => {
    track(offer.eventName, offer.eventProperties);
    bus.publish('paywall:open-requested', {
      paywallType: offer.paywallType,
      source: offer.eventProperties.banner_placement,
      offer,
    });
  };
}
