import type { Transport } from '@companion/contracts';
import type { UnlockResult } from './unlock-model.ts';

/** `POST PersonModel/unlock-premium-model`: unlocks a premium character with tokens (402 when short). */
export function unlockPremiumModel(transport: Transport, personModelId: string): Promise<UnlockResult> {
  return transport.request<UnlockResult>('PersonModel/unlock-premium-model', {
    method: 'POST',
    body: { PersonModelId: personModelId },
  });
}
