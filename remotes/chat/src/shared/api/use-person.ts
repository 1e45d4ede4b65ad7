import type { PersonModel } from '@companion/contracts';
import { useResource } from '@companion/remote-kit';

/**
 * A character (`PersonModel/get-person/{id}`), one cached resource for the avatar, the header and the photos;
 * idle while the id is not known yet.
 */
export function usePerson(personModelId: string) {
  return useResource<PersonModel>(personModelId ? `person:${personModelId}` : null, (transport) =>
    transport.request<PersonModel>(`PersonModel/get-person/${encodeURIComponent(personModelId)}`),
  );
}
