import { useEffect, useRef } from 'react';
import type { GalleryImage } from '@companion/contracts';
import { PATHS } from '@companion/contracts';
import { useRemoteNavigate, useTrack } from '@companion/remote-kit';
import { Button, Icon, IconButton, Image, Modal } from '@companion/ui';
import { stepIndex, swipeDirection } from '../lib/lightbox-nav.ts';
import * as styles from './lightbox.css.ts';

/**
 * The open photo, full size: ←/→ and swipes move between the open photos, Escape and the close button leave,
 * and "Chat with {name}" goes to the chat with the photo's character.
 */
export function Lightbox({
  images,
  index,
  names,
  onIndex,
  onClose,
}: {
  images: GalleryImage[];
  index: number | null;
  names: ReadonlyMap<string, string>;
  onIndex(index: number): void;
  onClose(): void;
}) {
  const navigate = useRemoteNavigate();
  const track = useTrack();
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const image = index === null ? undefined : images[index];
  const count = images.length;

  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (step === 0) return;
      event.preventDefault();
      onIndex(stepIndex(index, step, count));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [index, count, onIndex]);

  if (!image || index === null) return null;
  const name = image.personModelId ? (names.get(image.personModelId) ?? null) : null;
  const chatHref = image.personModelId ? PATHS.chat.href({ modelId: image.personModelId }) : null;
  return (
    <Modal open onClose={onClose} title={name ? `Photo of ${name}` : 'Photo'} size="md">
      <div
        className={styles.stage}
        data-testid="lightbox"
        data-id={image.galleryImageId}
        onTouchStart={(event) => {
          const touch = event.touches[0];
          touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
        }}
        onTouchEnd={(event) => {
          const start = touchStart.current;
          const touch = event.changedTouches[0];
          touchStart.current = null;
          if (!start || !touch) return;
          const step = swipeDirection(touch.clientX - start.x, touch.clientY - start.y);
          if (step !== 0) onIndex(stepIndex(index, step, count));
        }}
      >
        <Image
          src={image.imageUrl}
          alt={name ? `Photo of ${name}` : 'Gallery photo'}
          className={styles.photo}
          loading="eager"
        />
        {count > 1 ? (
          <>
            <span className={styles.counter} aria-live="polite">
              {index + 1} / {count}
            </span>
            <IconButton
              aria-label="Previous photo"
              className={styles.prev}
              onClick={() => onIndex(stepIndex(index, -1, count))}
            >
              <span className={styles.left}>
                <Icon name="chevron" />
              </span>
            </IconButton>
            <IconButton
              aria-label="Next photo"
              className={styles.next}
              onClick={() => onIndex(stepIndex(index, 1, count))}
            >
              <span className={styles.right}>
                <Icon name="chevron" />
              </span>
            </IconButton>
          </>
        ) : null}
      </div>
      <div className={styles.actions}>
        <p className={styles.hint}>Use ← → or swipe to browse</p>
        {chatHref ? (
          <Button
            href={chatHref}
            onClick={(event) => {
              event.preventDefault();
              track('gallery_chat_clicked', { gallery_image_id: image.galleryImageId });
              onClose();
              void navigate(chatHref);
            }}
          >
            <Icon name="chat" size={18} /> Chat with {name ?? 'her'}
          </Button>
        ) : null}
      </div>
    </Modal>
  );
}
