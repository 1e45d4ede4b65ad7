import { Button, Image } from '@companion/ui';
import type { StandaloneImage } from '../lib/batch.ts';
import * as styles from './results.css.ts';

/** A generated photo with Download and, when it shows a character, Send to chat. */
export function PhotoTile({
  image,
  label,
  sending,
  onSend,
}: {
  image: StandaloneImage;
  label: string;
  sending: boolean;
  onSend(image: StandaloneImage): void;
}) {
  const file = `photo-${image.id.slice(0, 8)}${image.imageUrl.slice(image.imageUrl.lastIndexOf('.'))}`;
  return (
    <div
      className={styles.slot}
      data-testid="generated-photo"
      data-id={image.id}
      data-batch={image.batchId ?? ''}
    >
      <Image src={image.imageUrl} alt={label} className={styles.photo} />
      <div className={styles.actions}>
        <Button
          href={image.imageUrl}
          download={file}
          size="sm"
          variant="ghost"
          className={styles.action}
          aria-label={`Download ${label}`}
        >
          Download
        </Button>
        {image.personModelId ? (
          <Button
            size="sm"
            variant="ghost"
            className={styles.action}
            loading={sending}
            aria-label={`Send ${label} to chat`}
            onClick={() => onSend(image)}
          >
            Send to chat
          </Button>
        ) : null}
      </div>
    </div>
  );
}
