import { CurrentBatch } from '../features/generator/components/current-batch.tsx';
import { GeneratorForm } from '../features/generator/components/generator-form.tsx';
import { History } from '../features/generator/components/history.tsx';
import { useGenerator } from '../features/generator/hooks/use-generator.ts';
import { useLibrary } from '../features/generator/hooks/use-library.ts';
import * as resultStyles from '../features/generator/components/results.css.ts';
import * as styles from './photo-generation-page.css.ts';

/** `/ai-girlfriend-generator` (000 §2, §7; 001 §2): generate photos of a character, keep them, send them to chat. */
export function PhotoGenerationPage() {
  const generator = useGenerator();
  const library = useLibrary();
  return (
    <div className={styles.page} data-testid="remote-page">
      <div className={styles.intro}>
        <h1 className={styles.title}>Photo Generation</h1>
        <p className={styles.lead}>Generate photos of your AI girlfriend.</p>
      </div>
      <div className={styles.layout}>
        <GeneratorForm
          choice={generator.choice}
          characters={library.characters}
          price={generator.price}
          busy={generator.busy}
          error={generator.error}
          onChange={generator.setChoice}
          onGenerate={generator.generate}
        />
        <div className={styles.results}>
          {library.sendError ? (
            <p className={resultStyles.error} role="alert">
              {library.sendError}
            </p>
          ) : null}
          {generator.run ? (
            <CurrentBatch
              run={generator.run}
              unitPrice={generator.unitPrice ?? 0}
              sendingId={library.sendingId}
              onSend={library.send}
            />
          ) : null}
          <History
            images={
              // The batch on screen is shown above; the history holds the ones before it.
              library.history?.filter((image) => !generator.run || image.batchId !== generator.run.batchId) ??
              null
            }
            sendingId={library.sendingId}
            onSend={library.send}
          />
        </div>
      </div>
    </div>
  );
}
