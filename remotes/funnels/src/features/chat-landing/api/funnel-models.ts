import type { PersonModel, Transport } from '@companion/contracts';

/** `GET PersonModel/{product}-net-funnel-person-models` (000 §7): the characters a funnel product shows. */
export function getFunnelModels(
  transport: Transport,
  product: 'quickdate' | 'generation' | 'quiz',
): Promise<PersonModel[]> {
  return transport.request<PersonModel[]>(`PersonModel/${product}-net-funnel-person-models`);
}
