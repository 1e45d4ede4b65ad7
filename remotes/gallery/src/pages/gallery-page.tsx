import { useState } from 'react';
import type { GalleryImage } from '@companion/contracts';
import { apiError, useInvalidate } from '@companion/remote-kit';
import { Button, ConfirmDialog, SegmentedControl, TokenCost, Toast } from '@companion/ui';
import { GalleryGrid, GallerySkeleton } from '../features/gallery/components/gallery-grid.tsx';
import { Lightbox } from '../features/gallery/components/lightbox.tsx';
import { SecretSwitch } from '../features/gallery/components/secret-switch.tsx';
import { useGallery } from '../features/gallery/hooks/use-gallery.ts';
import { useGalleryFilters } from '../features/gallery/hooks/use-gallery-filters.ts';
import { useUnlock } from '../features/gallery/hooks/use-unlock.ts';
import * as styles from './gallery-page.css.ts';

const CATEGORIES = [
  { value: 'realistic', label: 'Realistic' },
  { value: 'anime', label: 'Anime' },
] as const;

/** `/gallery` (000 §2, §3, §4): photos of the characters by category, unlocked with tokens, a lightbox to view. */
export function GalleryPage() {
  const filters = useGalleryFilters();
  const gallery = useGallery(filters.category, filters.secret);
  const invalidate = useInvalidate();
  const [openId, setOpenId] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const unlock = useUnlock(
    (image) => {
      gallery.applyUnlock(image);
      setToast('Photo unlocked');
      setOpenId(image.galleryImageId);
      invalidate('gallery|*');
    },
    () => invalidate('gallery|*'),
  );

  const viewable = (gallery.images ?? []).filter((image) => image.isUnlocked);
  const openIndex = openId ? viewable.findIndex((image) => image.galleryImageId === openId) : -1;
  const onOpen = (image: GalleryImage) => {
    if (unlock.request(image)) setOpenId(image.galleryImageId);
  };
  const pendingName = unlock.pending?.personModelId
    ? gallery.names.get(unlock.pending.personModelId)
    : undefined;

  return (
    <div className={styles.page} data-testid="remote-page" data-category={filters.category}>
      <header className={styles.header}>
        <div className={styles.intro}>
          <h1 className={styles.title}>Gallery</h1>
          <p className={styles.lead}>Unlock photos of your favourite characters.</p>
        </div>
        <div className={styles.filters}>
          <SegmentedControl
            label="Category"
            options={CATEGORIES}
            value={filters.category}
            onChange={filters.chooseCategory}
          />
          {filters.canSeeSecret ? <SecretSwitch on={filters.secret} onChange={filters.chooseSecret} /> : null}
        </div>
      </header>

      {gallery.status === 'error' ? (
        <div className={styles.error} role="alert">
          <span>{errorText(gallery.error)}</span>
          <Button variant="secondary" size="sm" onClick={gallery.retry}>
            Try again
          </Button>
        </div>
      ) : gallery.images ? (
        <GalleryGrid
          key={`${filters.category}|${filters.secret}`}
          images={gallery.images}
          names={gallery.names}
          onOpen={onOpen}
        />
      ) : (
        <GallerySkeleton />
      )}

      <Lightbox
        images={viewable}
        index={openIndex >= 0 ? openIndex : null}
        names={gallery.names}
        onIndex={(index) => setOpenId(viewable[index]?.galleryImageId ?? null)}
        onClose={() => setOpenId(null)}
      />

      <ConfirmDialog
        open={unlock.pending !== null}
        title="Unlock this photo?"
        confirmLabel={`Unlock for ${unlock.pending?.price ?? 0} tokens`}
        busy={unlock.busy}
        error={unlock.error}
        dismissable={!unlock.busy}
        testId="unlock-dialog"
        onConfirm={() => void unlock.confirm()}
        onClose={unlock.cancel}
      >
        <p>
          {pendingName ? `See ${pendingName}'s photo in full.` : 'See this photo in full.'} It stays unlocked
          for you, here and in her chat.
        </p>
        <p className={styles.priceLine}>
          Price: <TokenCost amount={unlock.pending?.price ?? 0} />
        </p>
      </ConfirmDialog>

      <Toast message={toast} tone="success" onClose={() => setToast(null)} />
    </div>
  );
}

function errorText(error: unknown): string {
  const { code, kind } = apiError(error);
  if (code === 'nsfw_not_confirmed') return 'Secret photos need the adult-content confirmation first.';
  if (kind === 'fetch' || kind === 'timeout') return 'You seem to be offline. Check your connection.';
  return 'We could not load the gallery.';
}
