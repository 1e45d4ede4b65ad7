import type { BusEventMap, ShellBus } from '@companion/contracts';

/** A batch goes out this often while events wait (and at once when it reaches {@link BATCH_MAX_EVENTS}). */
export const BATCH_INTERVAL_MS = 5000;
export const BATCH_MAX_EVENTS = 20;
/** Events kept for a retry after a failed send; the oldest go first beyond it. */
const MAX_PENDING = 200;
/** What `POST Event/track` accepts per event (the API refuses a batch with anything else). */
const NAME = /^[A-Za-z0-9_:.-]{1,64}$/;
const PROPERTY = /^[A-Za-z0-9_.-]{1,64}$/;
const MAX_PROPERTIES = 40;
const MAX_TEXT = 500;

/** One event as `POST Event/track` takes it. */
export interface WireEvent {
  name: string;
  properties: BusEventMap['analytics:event-tracked']['properties'];
  at: string;
  path: string;
}

/** Seams of {@link installAnalyticsBatch}. */
export interface AnalyticsBatchDeps {
  bus: ShellBus;
  /** Sends through the session transport (bearer token, refresh); rejects on failure. */
  send(events: WireEvent[]): Promise<unknown>;
  /** `navigator.sendBeacon` of this JSON text (as `application/json`); false when the browser refused it. */
  beacon(json: string): boolean;
  /** The stored access token, for the beacon (it cannot carry headers). */
  accessToken(): string | null;
  path(): string;
  now?: () => Date;
  /** Where `pagehide` and `visibilitychange` are heard. */
  /** Events kept before the batcher started; they go out first. */
  initial?: readonly WireEvent[];
  page: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    document: Pick<Document, 'visibilityState'>;
  };
}

/** The event as the API takes it, or null when its name cannot be stored; long values are cut, extras dropped. */
export function toWireEvent(
  { name, properties }: BusEventMap['analytics:event-tracked'],
  at: Date,
  path: string,
): WireEvent | null {
  if (!NAME.test(name)) return null;
  const kept: WireEvent['properties'] = {};
  for (const [key, value] of Object.entries(properties)) {
    if (Object.keys(kept).length >= MAX_PROPERTIES) break;
    if (!PROPERTY.test(key)) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    kept[key] = typeof value === 'string' ? value.slice(0, MAX_TEXT) : value;
  }
  return { name, properties: kept, at: at.toISOString(), path: path.slice(0, 512) };
}

/**
 * Every `analytics:event-tracked` goes to the API (`POST Event/track`) in batches: every 5 s, at 20 events, and
 * with `sendBeacon` when the page is hidden or left. A failed send keeps the events for the next one.
 */
export function installAnalyticsBatch(deps: AnalyticsBatchDeps): () => void {
  const now = deps.now ?? (() => new Date());
  let pending: WireEvent[] = [...(deps.initial ?? [])];
  let sending = false;

  const flush = () => {
    if (sending || pending.length === 0) return;
    const batch = pending.slice(0, BATCH_MAX_EVENTS);
    pending = pending.slice(batch.length);
    sending = true;
    deps.send(batch).then(
      () => {
        sending = false;
        if (pending.length >= BATCH_MAX_EVENTS) flush();
      },
      (error: unknown) => {
        sending = false;
        // A 4xx will not get better by retrying; anything else (offline, 5xx, 429) waits for the next tick.
        const status = (error as { status?: number | null }).status ?? null;
        if (status !== null && status >= 400 && status < 500 && status !== 429) return;
        pending = [...batch, ...pending].slice(-MAX_PENDING);
      },
    );
  };

  const beaconAll = () => {
    while (pending.length > 0) {
      const batch = pending.slice(0, BATCH_MAX_EVENTS);
      const token = deps.accessToken();
      const body = JSON.stringify(token ? { events: batch, accessToken: token } : { events: batch });
      if (!deps.beacon(body)) return;
      pending = pending.slice(batch.length);
    }
  };
  const onHidden = () => {
    if (deps.page.document.visibilityState === 'hidden') beaconAll();
  };

  const subscription = deps.bus.subscribe('analytics:event-tracked', (event) => {
    const wire = toWireEvent(event, now(), deps.path());
    if (!wire) {
      console.warn('[analytics] event name cannot be stored, not sent:', event.name);
      return;
    }
    pending.push(wire);
    if (pending.length > MAX_PENDING) pending = pending.slice(-MAX_PENDING);
    if (pending.length >= BATCH_MAX_EVENTS) flush();
  });
  const timer = setInterval(flush, BATCH_INTERVAL_MS);
  if (pending.length >= BATCH_MAX_EVENTS) flush();
  deps.page.addEventListener('pagehide', beaconAll);
  deps.page.addEventListener('visibilitychange', onHidden);
  return () => {
    subscription.unsubscribe();
    clearInterval(timer);
    deps.page.removeEventListener('pagehide', beaconAll);
    deps.page.removeEventListener('visibilitychange', onHidden);
  };
}
