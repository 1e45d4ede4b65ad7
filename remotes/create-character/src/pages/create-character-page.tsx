import { useVisitor } from '@companion/remote-kit';
import { ImportCard } from '../features/cards/import-card.tsx';
import { useCreateCharacter } from '../features/create/use-create-character.ts';
import { Wizard } from '../features/wizard/components/wizard.tsx';
import * as styles from './page.css.ts';

/** `/create-character` and its light variant `/create-character-white` (000 §2.1; newGirl brand). */
export function CreateCharacterPage({ white = false }: { white?: boolean }) {
  const visitor = useVisitor();
  // Adult-only choices are for users whose content is NSFW (ADR 0170).
  const adult = visitor.nsfw;
  const creation = useCreateCharacter(adult);
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
        <Wizard
          adult={adult}
          quickStart={Boolean(visitor.user?.userFeatures.newCharacterCreationEntryPointV2)}
          creation={creation}
          renderImport={(onImported) => <ImportCard onImported={onImported} />}
        />
      </div>
    </div>
  );
}
