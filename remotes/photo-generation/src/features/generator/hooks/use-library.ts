import { useState } from 'react';
import type { PersonModel } from '@companion/contracts';
import { PATHS } from '@companion/contracts';
import {
  apiError,
  useRemoteNavigate,
  useResource,
  useTrack,
  useTransport,
  useVisitor,
} from '@companion/remote-kit';
import { getHistory, getOwnCharacters, getPublicCharacters, sendToChat } from '../api/images-api.ts';
import type { StandaloneImage } from '../lib/batch.ts';

/** Own characters first, then the public ones a user may generate without unlocking anything. */
export function pickable(own: readonly PersonModel[], publicModels: readonly PersonModel[]): PersonModel[] {
  const seen = new Set(own.map((model) => model.id));
  const open = publicModels.filter(
    (model) => !seen.has(model.id) && !model.isLocked && !model.isLockedPremiumModel,
  );
  return [...own, ...open];
}

/** The characters to pick from, the history of generated photos, and Send to chat. */
export function useLibrary() {
  const transport = useTransport();
  const navigate = useRemoteNavigate();
  const track = useTrack();
  const { session, user } = useVisitor();
  // A session the shell restored is not re-published; the user's id stands in for it.
  const userId = session?.userId ?? user?.id ?? null;
  const own = useResource(userId ? `own|${userId}` : null, getOwnCharacters);
  const publicModels = useResource(userId ? `public|${userId}` : null, getPublicCharacters);
  const history = useResource(userId ? `history|${userId}` : null, getHistory);
  const [sendingId, setSendingId] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);

  const characters = own.data && publicModels.data ? pickable(own.data, publicModels.data) : null;

  const send = async (image: StandaloneImage) => {
    setSendingId(image.id);
    setSendError(null);
    try {
      const { chatId } = await sendToChat(transport, image.id);
      track('photo_generation_sent_to_chat', { image_id: image.id });
      void navigate(PATHS.chatThread.href({ chatId }));
    } catch (caught) {
      setSendError(
        apiError(caught).code === 'no_character'
          ? 'This photo has no character to send it to.'
          : 'We could not send this photo. Please try again.',
      );
    } finally {
      setSendingId(null);
    }
  };

  return {
    characters,
    history: history.data ?? (history.status === 'error' ? [] : null),
    sendingId,
    sendError,
    send: (image: StandaloneImage) => void send(image),
  };
}
