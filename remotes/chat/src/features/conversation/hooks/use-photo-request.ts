import { useRef, useState } from 'react';
import type { Message } from '@companion/contracts';
import {
  apiError,
  handleSpendError,
  useBus,
  useTrack,
  useTransport,
  useVisitor,
} from '@companion/remote-kit';
import { requestPhoto } from '../../../shared/api/chats-api.ts';
import { newClientMessageId } from '../lib/outbox.ts';

/** Where a photo request stands. */
export type PhotoState =
  { state: 'pending' } | { state: 'failed'; refunded: number } | { state: 'offline' } | null;

/**
 * A photo of the character in a chat, priced before the spend: sign-in first for a visitor, one request id kept
 * across a retry after a lost answer, a short balance raising the insufficient-tokens offer, a refund shown when the
 * image engine failed.
 */
export function usePhotoRequest(chatId: string, onMessage: (message: Message) => void) {
  const transport = useTransport();
  const bus = useBus();
  const visitor = useVisitor();
  const track = useTrack();
  const photoPrice = visitor.user?.userPricingInfo.tokenPriceForImage ?? null;
  const [photo, setPhoto] = useState<PhotoState>(null);
  const photoRequest = useRef<string | null>(null);

  const askPhoto = async () => {
    if (!visitor.loggedIn) {
      bus.publish('auth:login-requested', { mode: 'login', source: 'chat' });
      return;
    }
    const requestId = photoRequest.current ?? newClientMessageId();
    photoRequest.current = requestId;
    setPhoto({ state: 'pending' });
    try {
      const result = await requestPhoto(transport, chatId, requestId);
      photoRequest.current = null;
      onMessage(result.message);
      setPhoto(null);
      track('photo_requested', { chatId });
      bus.publish('tokens:balance-refresh-requested', { source: 'chat' });
    } catch (caught) {
      const failure = apiError(caught);
      if (failure.status !== null) photoRequest.current = null;
      if (failure.code === 'image_engine_failed') {
        setPhoto({ state: 'failed', refunded: photoPrice ?? 0 });
        bus.publish('tokens:balance-refresh-requested', { source: 'chat' });
      } else if (failure.status === null) setPhoto({ state: 'offline' });
      else if (handleSpendError(caught, bus, 'chat', { request: 'photo', needed: photoPrice }))
        setPhoto(null);
      else setPhoto({ state: 'failed', refunded: 0 });
    }
  };

  return { photo, photoPrice, askPhoto };
}
