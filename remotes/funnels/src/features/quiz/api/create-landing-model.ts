import type { CharacterDraft, PersonModel, Transport } from '@companion/contracts';

/** `POST PersonModel/create-landing-model-quickdate` (000 §7): the funnel's free match, one per visitor. */
export function createLandingModel(transport: Transport, draft: CharacterDraft): Promise<PersonModel> {
  return transport.request<PersonModel>('PersonModel/create-landing-model-quickdate', {
    method: 'POST',
    body: draft,
  });
}
