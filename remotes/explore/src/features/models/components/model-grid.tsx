import { Fragment, type ReactNode } from 'react';
import type { PersonModel } from '@companion/contracts';
import { Skeleton } from '@companion/ui';
import { useGridColumns } from '../hooks/use-grid-columns.ts';
import { layoutGrid, SKELETON_COUNT } from '../lib/grid-layout.ts';
import { ModelCard } from './model-card.tsx';
import * as styles from './model-grid.css.ts';

/** The model grid: columns per width (000 §2.4), banners every two rows, 12 skeletons, and the empty state. */
export function ModelGrid({
  models,
  bannerCount = 0,
  renderBanner,
  onCardClick,
  label,
}: {
  /** null while loading. */
  models: PersonModel[] | null;
  bannerCount?: number;
  renderBanner?: (index: number) => ReactNode;
  onCardClick: (model: PersonModel) => void;
  label: string;
}) {
  const columns = useGridColumns();

  if (models === null) {
    return (
      <div className={styles.grid} aria-busy="true" aria-label={label} data-testid="model-grid">
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <Skeleton key={index} shape="card" />
        ))}
      </div>
    );
  }

  if (models.length === 0) {
    return (
      <div className={styles.empty} data-testid="models-empty">
        <p className={styles.emptyTitle}>No models found</p>
      </div>
    );
  }

  const slots = layoutGrid(models.length, renderBanner ? bannerCount : 0, columns);
  return (
    <div className={styles.grid} aria-label={label} data-testid="model-grid" data-columns={columns}>
      {slots.map((slot) => {
        if (slot.kind === 'banner') {
          return (
            <div key={`banner-${slot.index}`} className={styles.banner} data-testid="grid-banner">
              {renderBanner?.(slot.index)}
            </div>
          );
        }
        const model = models[slot.index];
        if (!model) return null;
        return (
          <Fragment key={model.id}>
            <ModelCard
              model={model}
              // Only the first row competes for bandwidth at high priority; on a slow link eight equal
              // requests would all finish late.
              priority={slot.index < columns ? 'high' : slot.index < columns * 2 ? 'eager' : 'lazy'}
              onClick={onCardClick}
            />
          </Fragment>
        );
      })}
    </div>
  );
}
