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
  /**
   * When the timer started (epoch ms), for a timer kept across reloads (001 §3): the countdown continues from
   * there, looping, instead of starting at `seconds`. Defaults to the moment it mounts.
   */
  startedAt?: number;
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
  startedAt: startedAtProp,
  now = Date.now,
  className,
  'aria-label': label,
}: CountdownProps) {
  const wholeSeconds = Math.max(0, Math.floor(seconds));
  const remainingAt = (start: number, at: number) => {
    const durationMs = wholeSeconds * 1000;
    const elapsed = Math.max(0, at - start);
    if (durationMs === 0) return 0;
    if (elapsed < durationMs) return Math.ceil((durationMs - elapsed) / 1000);
    return loop ? Math.ceil((durationMs - (elapsed % durationMs)) / 1000) : 0;
  };
  const [remaining, setRemaining] = useState(() =>
    startedAtProp === undefined ? wholeSeconds : remainingAt(startedAtProp, now()),
  );
  const readClock = useEffectEvent(() => now());
  const expire = useEffectEvent(() => onExpire?.());

  useEffect(() => {
    const durationMs = wholeSeconds * 1000;
    let startedAt = startedAtProp ?? readClock();
    let timer: ReturnType<typeof setTimeout> | undefined;
    setRemaining(remainingAt(startedAt, readClock()));

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
    timer = setTimeout(step, startedAtProp === undefined ? 1000 : 0);
    return () => clearTimeout(timer);
    // remainingAt only reads wholeSeconds and loop, already listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wholeSeconds, loop, startedAtProp]);

  return (
    <span role="timer" aria-label={label} className={cx(styles.countdown, className)}>
      {formatCountdown(remaining)}
    </span>
  );
}
