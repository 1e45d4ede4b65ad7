import { Wizard } from '../features/wizard/components/wizard.tsx';
import * as styles from './page.css.ts';

/** `/create-character` and its light variant `/create-character-white` (000 §2.1; newGirl brand). */
export function CreateCharacterPage({ white = false }: { white?: boolean }) {
  return (
    <div className={white ? styles.white : undefined} data-variant={white ? 'white' : 'default'}>
      <div
        className={styles.page}
        data-testid="remote-page"
        data-page={white ? '/create-character-white' : '/create-character'}
      >
        <div className={styles.intro}>
          <h1 className={styles.title}>Create Character</h1>
          <p className={styles.lead}>Design your own AI companion, step by step.</p>
        </div>
        <Wizard />
      </div>
    </div>
  );
}
