import { useEffect, useState } from 'react';
import type { PersonModel } from '@companion/contracts';
import { useBus, useBusState, useRemoteLocation, useResource } from '@companion/remote-kit';
import { getTopModels, peekTopModels, topModelsKey, type TopModelsAudience } from '../api/get-top-models.ts';

/** State of the model list. */
export type TopModelsState =
  | { status: 'loading'; models: null }
  | { status: 'ready'; models: PersonModel[] }
  | { status: 'error'; models: null; error: unknown };

/**
 * The explore list (`GET PersonModel/top`). Until the session knows the user it asks for the public catalogue
 * without a token, so the grid never waits for pre-registration; once a user id is known it refetches with the
 * token (their unlocks) and keeps the shown list meanwhile. The kit's cache keeps each list 60 s after the last
 * page using it leaves, so going back to explore or premium models shows the grid at once.
 */
export function useTopModels(): TopModelsState {
  const session = useBusState('session:changed');
  const userId = session && session.status !== 'loading' ? session.userId : null;
  const { search } = useRemoteLocation();
  const [utmSource] = useState(() => new URLSearchParams(search).get('utm_source'));
  const audience: TopModelsAudience = userId ? { userId } : 'public';
  const list = useResource(
    topModelsKey(audience, utmSource),
    (transport) => getTopModels(transport, audience, utmSource),
    {
      placeholderKey: topModelsKey('public', utmSource),
      keepPrevious: true,
      // The public list the origin inlined: the grid's first render shows the server's cards (ADR 0453).
      ...(audience === 'public' && { initial: (t) => peekTopModels(t, utmSource) }),
    },
  );
  // 001 §4: a payment invalidates TopModels; premium locks are the server's answer for the plan held.
  const bus = useBus();
  const { refetch } = list;
  useEffect(() => {
    const subscription = bus.subscribe('payment:succeeded', () => refetch());
    return () => subscription.unsubscribe();
  }, [bus, refetch]);
  if (list.data) return { status: 'ready', models: list.data };
  if (list.status === 'error') return { status: 'error', models: null, error: list.error };
  return { status: 'loading', models: null };
}
