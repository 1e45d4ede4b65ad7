import * as styles from './progress-bar.css.ts';

/** Props of {@link ProgressBar}. */
export interface ProgressBarProps {
  /** 0 to `max`; clamped. */
  value: number;
  max?: number;
  label: string;
  className?: string;
}

/** Progress of a step sequence or an upload (quiz steps, photo generation). */
export function ProgressBar({ value, max = 100, label, className }: ProgressBarProps) {
  const clamped = Math.min(max, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      className={[styles.track, className].filter(Boolean).join(' ')}
    >
      <div className={styles.fill} style={{ width: `${(clamped / max) * 100}%` }} />
    </div>
  );
}
