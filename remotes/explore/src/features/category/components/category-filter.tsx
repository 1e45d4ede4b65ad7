import type { ExploreFilter } from '../hooks/use-category.ts';
import * as styles from './category-filter.css.ts';

const OPTIONS: { value: ExploreFilter; label: string }[] = [
  { value: 'realistic', label: 'Realistic' },
  { value: 'anime', label: 'Anime' },
  { value: 'premium', label: 'Premium Models' },
];

/** The explore filter: Realistic, Anime, Premium Models, and 'With Video' shown but disabled (000 §2.4). */
export function CategoryFilter({
  value,
  onChange,
}: {
  value: ExploreFilter;
  onChange: (value: ExploreFilter) => void;
}) {
  return (
    <div className={styles.bar} role="group" aria-label="Category" data-testid="category-filter">
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.chip}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
      <button type="button" className={styles.chip} disabled>
        With Video
      </button>
    </div>
  );
}
