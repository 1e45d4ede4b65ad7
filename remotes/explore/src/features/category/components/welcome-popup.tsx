import { Modal, useDialogTurn } from '@companion/ui';
import type { Category } from '@companion/contracts';
import * as styles from './welcome-popup.css.ts';

const CHOICES: { value: Category; label: string; hint: string }[] = [
  { value: 'realistic', label: 'Realistic', hint: 'Lifelike companions' },
  { value: 'anime', label: 'Anime', hint: 'Anime-style characters' },
];

/**
 * First-visit popup (000 §2.4): not dismissable, asks Realistic or Anime. It waits its turn behind a dialog already
 * open (the shell's age confirmation of a first visit to Settings), so the visitor answers what they asked for first.
 */
export function WelcomePopup({
  open,
  onChoose,
  covers,
}: {
  open: boolean;
  onChoose: (category: Category) => void;
  /** A portrait of each style, from the loaded list; the cards reuse the grid's (already requested) images. */
  covers: Record<Category, string | null>;
}) {
  const turn = useDialogTurn(open);
  return (
    <Modal open={turn} onClose={() => {}} title="Who would you like to meet?" dismissable={false} hideClose>
      <div data-testid="welcome-popup">
        <p className={styles.text}>Pick a style to start with. You can switch any time.</p>
        <div className={styles.choices}>
          {CHOICES.map((choice) => (
            <button
              key={choice.value}
              type="button"
              className={styles.choice[choice.value]}
              onClick={() => onChoose(choice.value)}
            >
              {covers[choice.value] ? (
                <img src={covers[choice.value] ?? undefined} alt="" className={styles.cover} />
              ) : null}
              <span className={styles.label}>{choice.label}</span>
              <span className={styles.hint}>{choice.hint}</span>
            </button>
          ))}
        </div>
      </div>
    </Modal>
  );
}
