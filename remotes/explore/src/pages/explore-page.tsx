import { Suspense, lazy, useRef } from 'react';
import type { PersonModel } from '@companion/contracts';
import { useBusState } from '@companion/remote-kit';
import { Skeleton } from '@companion/ui';
import { CategoryFilter } from '../features/category/components/category-filter.tsx';
import { useCategory } from '../features/category/hooks/use-category.ts';
import { HeroBanner } from '../features/hero/components/hero-banner.tsx';
import { ModelGrid } from '../features/models/components/model-grid.tsx';
import { useCardClick } from '../features/models/hooks/use-card-click.tsx';
import { useTopModels } from '../features/models/hooks/use-top-models.ts';
import { coverImage, filterModels } from '../features/models/lib/filter-models.ts';
import { PromoBanner } from '../features/offers/components/promo-banner.tsx';
import { TimeBombBanner } from '../features/offers/components/time-bomb-banner.tsx';
import { promoBannersFor } from '../features/offers/lib/promo-banners.ts';
import * as styles from './page.css.ts';
import * as bannerStyles from './explore-page.css.ts';

// Only a first-time visitor sees the popup, so its code (and the modal's) is not in the page's first chunk (ADR 0260).
const WelcomePopup = lazy(() =>
  import('../features/category/components/welcome-popup.tsx').then((m) => ({ default: m.WelcomePopup })),
);

function coverOf(models: PersonModel[] | null, anime: boolean): string | null {
  const first = models?.find((model) => model.isAnime === anime && !model.isPremium);
  return first ? coverImage(first) : null;
}

/** Explore, the main page (000 §2.4): hero, time-bomb offer, category filter, model grid with banners. */
export function ExplorePage() {
  const list = useTopModels();
  const category = useCategory();
  const user = useBusState('user:changed')?.user;
  const { onCardClick, dialog } = useCardClick('explore_grid');
  // Once asked, the popup stays rendered (closed) so the modal can close as it would have.
  const welcomeAsked = useRef(false);
  if (category.welcomeOpen) welcomeAsked.current = true;
  const models = list.models ? filterModels(list.models, category.filter, category.preference) : null;
  // While the user loads, one banner slot is held open so the grid does not move when the offer arrives.
  const banners = user ? promoBannersFor(user.periodInMonths) : [];
  const bannerCount = user === undefined ? 1 : banners.length;

  return (
    <div className={styles.page} data-testid="remote-page" data-page="/" data-filter={category.filter}>
      <HeroBanner />
      <TimeBombBanner user={user} />
      <div className={styles.toolbar}>
        <h1 className={styles.title}>Explore</h1>
        <CategoryFilter value={category.filter} onChange={category.choose} />
      </div>
      {list.status === 'error' ? (
        <p role="alert" className={styles.error}>
          We could not load the characters. Please refresh the page.
        </p>
      ) : (
        <ModelGrid
          label="Characters"
          models={models}
          bannerCount={bannerCount}
          renderBanner={(index) => {
            const banner = banners[index];
            return banner ? (
              <PromoBanner banner={banner} />
            ) : (
              <Skeleton className={bannerStyles.bannerSlot} />
            );
          }}
          onCardClick={onCardClick}
        />
      )}
      {welcomeAsked.current && (
        <Suspense fallback={null}>
          <WelcomePopup
            open={category.welcomeOpen}
            onChoose={category.answerWelcome}
            covers={{
              realistic: coverOf(list.models, false),
              anime: coverOf(list.models, true),
            }}
          />
        </Suspense>
      )}
      {dialog}
    </div>
  );
}
