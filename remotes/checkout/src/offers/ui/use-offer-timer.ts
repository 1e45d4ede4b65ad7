import { useEffect, useState } from 'react';
import { useBus, useBusState } from '@companion/remote-kit';
import { remainingSeconds } from '../timers.ts';

/**
 * A looping offer countdown kept by the shell's timer records (ADR 0141): asks for the record once, then counts
 * from its start date, so a reload continues the countdown instead of restarting it.
 */
export function useOfferTimer(id: string, seconds: number): number {
  const bus = useBus();
  const timer = useBusState('timers:changed')?.timers[id];
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    bus.publish('timer:start-requested', { id });
  }, [bus, id]);
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, []);
  return remainingSeconds(timer, seconds, now);
}
