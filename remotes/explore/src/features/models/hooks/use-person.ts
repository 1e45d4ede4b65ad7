import type { PersonModel } from '@companion/contracts';
import { useResource } from '@companion/remote-kit';
import { getPerson } from '../api/get-person.ts';

/** One character for a deep link: taken from the loaded list when it is there, else fetched by id. */
export function usePerson(
  id: string | null,
  list: PersonModel[] | null,
): { status: 'idle' | 'loading' | 'ready' | 'missing'; model: PersonModel | null } {
  const fromList = id && list ? (list.find((model) => model.id === id) ?? null) : null;
  const needsFetch = Boolean(id) && list !== null && fromList === null;
  const fetched = useResource(needsFetch && id ? `person|${id}` : null, (transport) =>
    getPerson(transport, id!),
  );

  if (!id) return { status: 'idle', model: null };
  if (fromList) return { status: 'ready', model: fromList };
  if (fetched.status === 'ready' && fetched.data) return { status: 'ready', model: fetched.data };
  if (fetched.status === 'error') return { status: 'missing', model: null };
  return { status: 'loading', model: null };
}
