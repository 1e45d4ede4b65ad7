import { useEffect, useState } from 'react';
import type { PersonModel } from '@companion/contracts';
import { useTransport } from '@companion/remote-kit';
import { getPerson } from '../api/get-person.ts';

/** One character for a deep link: taken from the loaded list when it is there, else fetched by id. */
export function usePerson(
  id: string | null,
  list: PersonModel[] | null,
): { status: 'idle' | 'loading' | 'ready' | 'missing'; model: PersonModel | null } {
  const transport = useTransport();
  const fromList = id && list ? (list.find((model) => model.id === id) ?? null) : null;
  const [fetched, setFetched] = useState<{ id: string; model: PersonModel | null } | null>(null);
  const needsFetch = Boolean(id) && list !== null && fromList === null;

  useEffect(() => {
    if (!needsFetch || !id) return undefined;
    let live = true;
    getPerson(transport, id).then(
      (model) => live && setFetched({ id, model }),
      () => live && setFetched({ id, model: null }),
    );
    return () => {
      live = false;
    };
  }, [needsFetch, id, transport]);

  if (!id) return { status: 'idle', model: null };
  if (fromList) return { status: 'ready', model: fromList };
  if (fetched?.id === id)
    return fetched.model ? { status: 'ready', model: fetched.model } : { status: 'missing', model: null };
  return { status: 'loading', model: null };
}
