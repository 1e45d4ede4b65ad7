import { Modal } from '@companion/ui';
import type { Category } from '@companion/contracts';
import * as styles from './welcome-popup.css.ts';

const CHOICES: { value: Category; label: string; hint: string }[] = [
  { value: 'realistic', label: 'Realistic', hint: 'Lifelike companions' },
  { value: 'anime', label: 'Anime', hint: 'Anime-style characters' },
];

/** First-visit popup (000 §2.4): not dismissable, asks Realistic or Anime. */
export function WelcomePopup({ open, onChoose }: { open: boolean; onChoose: (category: Category) => void }) {
  return (
    <Modal open={open} onClose={() => {}} title="Who would you like to meet?" dismissable={false} hideClose>
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
              <span className={styles.label}>{choice.label}</span>
              <span className={styles.hint}>{choice.hint}</span>
            </button>
          ))}
        </div>
      </div>
    </Modal>
  );
}
