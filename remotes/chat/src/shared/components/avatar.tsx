import { useState } from 'react';
import type { PersonModel } from '@companion/contracts';
import * as styles from './avatar.css.ts';
import { usePerson } from '../api/use-person.ts';

function firstImage(person: PersonModel | undefined): string | null {
  const image = person?.bodyImages[0];
  if (!image) return null;
  return typeof image === 'string' ? image : image.imageUrl;
}

/** The character's photo (one cached request per character), or their initial when it is missing or fails. */
export function Avatar({
  personModelId,
  name,
  size = 48,
}: {
  personModelId: string;
  name: string;
  size?: number;
}) {
  const person = usePerson(personModelId);
  const [failed, setFailed] = useState(false);
  const src = firstImage(person.data);
  return (
    <span className={styles.avatar} style={{ width: size, height: size }} aria-hidden="true">
      {src && !failed ? (
        <img className={styles.avatarImage} src={src} alt="" loading="lazy" onError={() => setFailed(true)} />
      ) : (
        name.slice(0, 1).toUpperCase()
      )}
    </span>
  );
}
