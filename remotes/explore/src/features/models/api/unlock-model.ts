import type { PersonModel, Transport } from '@companion/contracts';

/** What an unlock answers. */
export interface UnlockResult {
  personModel: PersonModel;
  remainingTokens: number;
  spentTokens: number;
}

/** `POST PersonModel/unlock`: unlocks a locked character with tokens (402 when short, 409 when not locked). */
export function unlockModel(transport: Transport, personModelId: string): Promise<UnlockResult> {
  return transport.request<UnlockResult>('PersonModel/unlock', {
    method: 'POST',
    body: { PersonModelId: personModelId },
  });
}
