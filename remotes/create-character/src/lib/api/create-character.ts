import type { CharacterDraft, PersonModel, Transport } from '@companion/contracts';

/** `POST PersonModel/create` (realistic) or `/create-anime-person` (anime): 201 with the new character. */
export function createCharacter(transport: Transport, draft: CharacterDraft): Promise<PersonModel> {
  const path = draft.style === 'anime' ? 'PersonModel/create-anime-person' : 'PersonModel/create';
  return transport.request<PersonModel>(path, { method: 'POST', body: draft, timeoutMs: 60_000 });
}
