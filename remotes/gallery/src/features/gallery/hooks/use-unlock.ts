import { useState } from 'react';
import type { GalleryImage } from '@companion/contracts';
import {
  apiError,
  handleSpendError,
  useBus,
  useTrack,
  useTransport,
  useVisitor,
} from '@companion/remote-kit';
import { unlockGalleryImage } from '../api/gallery-api.ts';
import { cardAction } from '../lib/gallery-cache.ts';

const SOURCE = 'gallery';

/**
 * The unlock path of a locked image (000 §4, §6): anonymous visitors are asked to sign in; a registered user
 * confirms, `Gallery/unlock` spends the price once, the image opens without a reload and the bus hears
 * `gallery:image-unlocked`; a short balance raises the insufficient-tokens intent for a photo.
 */
export function useUnlock(onUnlocked: (image: GalleryImage) => void, onStale: () => void) {
  const bus = useBus();
  const transport = useTransport();
  const track = useTrack();
  const { loggedIn } = useVisitor();
  const [pending, setPending] = useState<GalleryImage | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Returns true when the image opened for viewing. */
  const request = (image: GalleryImage): boolean => {
    const action = cardAction(image, loggedIn);
    track('gallery_image_clicked', { gallery_image_id: image.galleryImageId, action });
    if (action === 'view') return true;
    if (action === 'sign-in') bus.publish('auth:login-requested', { mode: 'login', source: SOURCE });
    else {
      setError(null);
      setPending(image);
    }
    return false;
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const result = await unlockGalleryImage(transport, pending.galleryImageId);
      onUnlocked(result.galleryImage);
      bus.publish('gallery:image-unlocked', {
        galleryImageId: result.galleryImage.galleryImageId,
        personModelId: result.galleryImage.personModelId,
      });
      bus.publish('tokens:balance-refresh-requested', { source: SOURCE });
      track('gallery_image_unlocked', { gallery_image_id: pending.galleryImageId, price: pending.price });
      setPending(null);
    } catch (caught) {
      const { status, code } = apiError(caught);
      if (handleSpendError(caught, bus, SOURCE, { request: 'photo', needed: pending.price })) {
        setPending(null);
      } else if (status === 409 && code === 'already_unlocked') {
        // Unlocked in another tab: fetch the list as it is now.
        onStale();
        setPending(null);
      } else {
        setError('We could not unlock this photo. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  return { pending, busy, error, request, confirm, cancel: () => setPending(null) };
}
