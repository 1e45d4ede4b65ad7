import { useRemoteLocation } from '@companion/remote-kit';
import { useBusState } from '@companion/remote-kit';
import { ModelGrid } from '../features/models/components/model-grid.tsx';
import { ModelSpotlight } from '../features/models/components/model-spotlight.tsx';
import { useCardClick } from '../features/models/hooks/use-card-click.tsx';
import { usePerson } from '../features/models/hooks/use-person.ts';
import { useTopModels } from '../features/models/hooks/use-top-models.ts';
import { filterModels } from '../features/models/lib/filter-models.ts';
import * as styles from './page.css.ts';

/** Premium Models (000 §2.1): the premium characters, with `modelId` deep-linking one of them to the top. */
export function PremiumModelsPage() {
  const location = useRemoteLocation();
  const modelId = new URLSearchParams(location.search).get('modelId');
  const list = useTopModels();
  const preference = useBusState('category:changed')?.category ?? null;
  const { onCardClick, dialog } = useCardClick('premium_models');
  const premium = list.models ? filterModels(list.models, 'premium', preference) : null;
  const spotlight = usePerson(modelId, list.models);

  return (
    <div className={styles.page} data-testid="remote-page" data-page="/premium-models">
      <div className={styles.intro}>
        <h1 className={styles.title}>Premium Models</h1>
        <p className={styles.lead}>
          Exclusive characters with more photos, more personality and priority replies.
        </p>
      </div>
      {spotlight.status === 'idle' ? null : (
        <ModelSpotlight status={spotlight.status} model={spotlight.model} onOpen={onCardClick} />
      )}
      {list.status === 'error' ? (
        <p role="alert" className={styles.error}>
          We could not load the characters. Please refresh the page.
        </p>
      ) : (
        <ModelGrid label="Premium characters" models={premium} onCardClick={onCardClick} />
      )}
      {dialog}
    </div>
  );
}
