import { MyAiList } from '../features/my-ai/components/my-ai-list.tsx';
import * as styles from './page.css.ts';

/** `/my-ai`: the characters the user created (000 §2.1). */
export function MyAiPage() {
  return (
    <div className={styles.page} data-testid="remote-page" data-page="/my-ai">
      <div className={styles.intro}>
        <h1 className={styles.title}>My AI</h1>
        <p className={styles.lead}>The characters you have created.</p>
      </div>
      <MyAiList />
    </div>
  );
}
