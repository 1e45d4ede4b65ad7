import { Button, Image, Skeleton } from '@companion/ui';
import type { PersonModel } from '@companion/contracts';
import { coverImage, lockOf } from '../lib/filter-models.ts';
import * as styles from './model-spotlight.css.ts';

/** The deep-linked character (`/premium-models?modelId=`) shown large above the list, with its next step. */
export function ModelSpotlight({
  status,
  model,
  onOpen,
}: {
  status: 'loading' | 'ready' | 'missing';
  model: PersonModel | null;
  onOpen: (model: PersonModel) => void;
}) {
  if (status === 'missing') {
    return (
      <section className={styles.missing} data-testid="model-spotlight" data-status="missing">
        This character is not available. Have a look at the others below.
      </section>
    );
  }
  if (status === 'loading' || !model) {
    return (
      <section
        className={styles.spotlight}
        data-testid="model-spotlight"
        data-status="loading"
        aria-busy="true"
      >
        <Skeleton shape="card" className={styles.media} />
        <div className={styles.body}>
          <Skeleton shape="text" lines={3} />
        </div>
      </section>
    );
  }
  const lock = lockOf(model);
  return (
    <section
      className={styles.spotlight}
      data-testid="model-spotlight"
      data-status="ready"
      data-model-id={model.id}
      aria-labelledby="spotlight-name"
    >
      <div className={styles.media}>
        <Image
          src={coverImage(model)}
          alt={model.firstName}
          aspectRatio={2 / 3}
          loading="eager"
          fetchPriority="high"
        />
      </div>
      <div className={styles.body}>
        <div className={styles.marks}>
          {model.isPremium ? <span className={styles.premium}>Premium</span> : null}
          {model.isAnime ? <span className={styles.mark}>Anime</span> : null}
        </div>
        <h2 id="spotlight-name" className={styles.name}>
          {model.firstName} <span className={styles.age}>{model.age}</span>
        </h2>
        {model.description ? <p className={styles.description}>{model.description}</p> : null}
        <div>
          <Button size="lg" onClick={() => onOpen(model)}>
            {lock ? `Unlock ${model.firstName}` : `Chat with ${model.firstName}`}
          </Button>
        </div>
      </div>
    </section>
  );
}
