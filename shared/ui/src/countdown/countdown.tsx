import { useEffect, useEffectEvent, useState } from 'react';
import { cx } from '../cx.ts';
import * as styles from './countdown.css.ts';
import { formatCountdown } from './format-countdown.ts';

/** Props of {@link Countdown}. */
export interface CountdownProps {
  /** Length of one run in whole seconds: 599 shows 9:59, 10 shows 0:10. */
  seconds: number;
  /** Restart from `seconds` each time it reaches zero (the spec's timers loop). */
  loop?: boolean;
  /** Called each time it reaches zero. */
  onExpire?: () => void;
  /** Clock in ms; inject for tests or a server-synchronised time. Defaults to `Date.now`. */
  now?: () => number;
  className?: string;
  'aria-label'?: string;
}

/** A ticking `m:ss` countdown; with `loop` it restarts at zero, otherwise it stops at 0:00. */
export function Countdown({
  seconds,
  loop = false,
  onExpire,
  now = Date.now,
  className,
  'aria-label': label,
}: CountdownProps) {
  const wholeSeconds = Math.max(0, Math.floor(seconds));
  const [remaining, setRemaining] = useState(wholeSeconds);
  const readClock = useEffectEvent(() => now());
  const expire = useEffectEvent(() => onExpire?.());

  useEffect(() => {
    const durationMs = wholeSeconds * 1000;
    let startedAt = readClock();
    let timer: ReturnType<typeof setTimeout> | undefined;
    setRemaining(wholeSeconds);

    // The clock, not the number of timer callbacks, decides what is shown: throttled background tabs fire late.
    const step = () => {
      const elapsed = readClock() - startedAt;
      let leftMs = durationMs - elapsed;
      if (leftMs <= 0) {
        expire();
        if (!loop || durationMs === 0) {
          setRemaining(0);
          return;
        }
        // Skip whole runs missed while the tab slept, so the loop stays aligned to its first start.
        const runs = Math.floor(elapsed / durationMs);
        startedAt += runs * durationMs;
        leftMs = durationMs - (elapsed - runs * durationMs);
      }
      setRemaining(Math.ceil(leftMs / 1000));
      timer = setTimeout(step, leftMs % 1000 || 1000);
    };

    if (durationMs === 0) {
      step();
      return undefined;
    }
    timer = setTimeout(step, 1000);
    return () => clearTimeout(timer);
  }, [wholeSeconds, loop]);

  return (
    <span role="timer" aria-label={label} className={cx(styles.countdown, className)}>
      {formatCountdown(remaining)}
    </span>
  );
}
