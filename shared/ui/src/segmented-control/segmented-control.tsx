import { cx } from '../cx.ts';
import * as styles from './segmented-control.css.ts';

/** One choice of a {@link SegmentedControl}. */
export interface SegmentOption<V extends string> {
  value: V;
  label: string;
  disabled?: boolean;
}

/** Props of {@link SegmentedControl}. */
export interface SegmentedControlProps<V extends string> {
  /** Names the group for assistive technology. */
  label: string;
  options: readonly SegmentOption<V>[];
  value: V;
  onChange(value: V): void;
  className?: string;
}

/** Chips of which one is on (`aria-pressed`): filters such as explore's Realistic / Anime / Premium. */
export function SegmentedControl<V extends string>(props: SegmentedControlProps<V>) {
  return (
    <div role="group" aria-label={props.label} className={cx(styles.root, props.className)}>
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.option}
          aria-pressed={option.value === props.value}
          disabled={option.disabled}
          onClick={() => props.onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
