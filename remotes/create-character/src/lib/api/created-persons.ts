import type { PersonModel, Transport } from '@companion/contracts';

/** Cache key of the user's own characters. */
export const MY_AI_KEY = (userId: string) => `created-persons|${userId}`;

/** `GET PersonModel/get-created-persons`: own characters, newest first. */
export function getCreatedPersons(transport: Transport): Promise<PersonModel[]> {
  return transport.request<PersonModel[]>('PersonModel/get-created-persons');
}

/** `POST PersonModel/rename-model`. */
export function renameModel(transport: Transport, id: string, name: string): Promise<PersonModel> {
  return transport.request<PersonModel>('PersonModel/rename-model', {
    method: 'POST',
    body: { PersonModelId: id, name },
  });
}

/** `POST PersonModel/delete-model` (soft) or `/restore-model` (undo), ADR 0170. */
export function setModelDeleted(transport: Transport, id: string, deleted: boolean): Promise<unknown> {
  return transport.request(deleted ? 'PersonModel/delete-model' : 'PersonModel/restore-model', {
    method: 'POST',
    body: { PersonModelId: id },
  });
}
