import { useEffect } from 'react';
import type { PersonModel } from '@companion/contracts';
import { Button, Image, Modal } from '@companion/ui';
import * as styles from './character-photos.css.ts';
import { usePerson } from '../../../shared/api/use-person.ts';

interface CharacterPhotosProps {
  personModelId: string;
  name: string;
  open: boolean;
  /** A gallery image just unlocked for this character (`gallery:image-unlocked`): announced in the chat. */
  unlockedImageId: string | null;
  onOpen(): void;
  onClose(): void;
}

/** The character's open photos: body images and the gallery images this user unlocked (get-person). */
function openPhotos(person: PersonModel | undefined): { id: string; url: string }[] {
  return (person?.bodyImages ?? []).flatMap((image, index) =>
    typeof image === 'string'
      ? [{ id: `body-${index}`, url: image }]
      : image.isUnlocked
        ? [{ id: image.id, url: image.imageUrl }]
        : [],
  );
}

/**
 * The character's photos in the chat: a sheet of what is open to this user, and a notice
 * with the photo the gallery just unlocked, without a reload (000 §4).
 */
export default function CharacterPhotos(props: CharacterPhotosProps) {
  const { personModelId, name, open, unlockedImageId, onOpen, onClose } = props;
  const person = usePerson(personModelId);
  // Opening shows what is open now (an unlock in the gallery since the avatar was fetched).
  const { refetch } = person;
  useEffect(() => {
    if (open) refetch();
  }, [open, refetch]);
  const photos = openPhotos(person.data);
  const unlocked = unlockedImageId ? photos.find((photo) => photo.id === unlockedImageId) : undefined;
  return (
    <>
      {unlocked && !open && (
        <div className={styles.unlocked} role="status" data-testid="gallery-unlock-notice">
          <Image loading="eager" className={styles.thumb} src={unlocked.url} alt={`New photo of ${name}`} />
          <span className={styles.unlockedText}>New photo of {name} unlocked</span>
          <Button size="sm" variant="secondary" onClick={onOpen}>
            View
          </Button>
        </div>
      )}
      <Modal open={open} onClose={onClose} title={`Photos of ${name}`} size="lg">
        {photos.length === 0 ? (
          <p className={styles.empty}>No photos yet. Unlock some in the gallery.</p>
        ) : (
          <ul className={styles.grid} data-testid="character-photos">
            {photos.map((photo) => (
              <li key={photo.id} className={styles.cell} data-photo-id={photo.id}>
                <Image
                  className={styles.photo}
                  src={photo.url}
                  alt={photo.id === unlockedImageId ? `New photo of ${name}` : `Photo of ${name}`}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
