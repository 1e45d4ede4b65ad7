import { useEffect, useState } from 'react';
import type { PersonModel, Transport } from '@companion/contracts';
import { useBusState, useTransport } from '@companion/remote-kit';
import { getTopModels, topModelsKey, type TopModelsAudience } from '../api/get-top-models.ts';

/** State of the model list. */
export type TopModelsState =
  | { status: 'loading'; models: null }
  | { status: 'ready'; models: PersonModel[] }
  | { status: 'error'; models: null; error: unknown };

// Kept for the page's life (query keep-unused time is 60 s in the spec; one list per audience is small), so
// going back to explore or to premium models shows the grid at once and refreshes behind it.
interface Entry {
  promise: Promise<PersonModel[]>;
  value?: PersonModel[];
}
const cache = new WeakMap<Transport, Map<string, Entry>>();

function entries(transport: Transport): Map<string, Entry> {
  let byKey = cache.get(transport);
  if (!byKey) cache.set(transport, (byKey = new Map()));
  return byKey;
}

function load(transport: Transport, audience: TopModelsAudience, utmSource: string | null) {
  const byKey = entries(transport);
  const key = topModelsKey(audience, utmSource);
  let entry = byKey.get(key);
  if (!entry) {
    const created: Entry = { promise: getTopModels(transport, audience, utmSource) };
    created.promise.then(
      (models) => (created.value = models),
      () => byKey.delete(key),
    );
    byKey.set(key, (entry = created));
  }
  return { key, promise: entry.promise };
}

function utmFromLocation(): string | null {
  return new URLSearchParams(window.location.search).get('utm_source');
}

/**
 * The explore list (`GET PersonModel/top`). Until the session knows the user it asks for the public catalogue
 * without a token, so the grid never waits for pre-registration; once a user id is known it refetches with the
 * token (their unlocks) and keeps the shown list meanwhile.
 */
export function useTopModels(): TopModelsState {
  const transport = useTransport();
  const session = useBusState('session:changed');
  const userId = session && session.status !== 'loading' ? session.userId : null;
  const [utmSource] = useState(utmFromLocation);
  const audience: TopModelsAudience = userId ? { userId } : 'public';
  // Started during render, not in an effect: the request leaves as soon as the page renders.
  const { key, promise } = load(transport, audience, utmSource);
  const [state, setState] = useState<TopModelsState>(() => {
    const byKey = entries(transport);
    const ready = byKey.get(key)?.value ?? byKey.get(topModelsKey('public', utmSource))?.value;
    return ready ? { status: 'ready', models: ready } : { status: 'loading', models: null };
  });

  useEffect(() => {
    let live = true;
    promise.then(
      (models) => live && setState({ status: 'ready', models }),
      (error: unknown) =>
        live &&
        setState((prev) => (prev.status === 'ready' ? prev : { status: 'error', models: null, error })),
    );
    return () => {
      live = false;
    };
  }, [key, promise]);

  return state;
}
