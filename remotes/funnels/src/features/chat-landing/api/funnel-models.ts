import type { PersonModel, Transport } from '@companion/contracts';
import { peekAnswer } from '@companion/remote-kit';

/** `GET PersonModel/{product}-net-funnel-person-models` (000 §7): the characters a funnel product shows. */
export function getFunnelModels(
  transport: Transport,
  product: 'quickdate' | 'generation' | 'quiz',
): Promise<PersonModel[]> {
  return transport.request<PersonModel[]>(`PersonModel/${product}-net-funnel-person-models`);
}

/** The fields the chat landing reads of each character (a bad inlined answer is fetched again, not rendered). */
const isShownModel = (item: unknown) =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as PersonModel).id === 'string' &&
  typeof (item as PersonModel).firstName === 'string' &&
  Array.isArray((item as PersonModel).bodyImages);

const isModelList = (body: unknown): body is PersonModel[] => Array.isArray(body) && body.every(isShownModel);

/**
 * The list the page holds (the origin's first-load answer on the chat landing, ADR 0458): the landing's first render,
 * on the server and while hydrating, shows it. Undefined when there is none or it is malformed (then it is fetched).
 */
export function peekFunnelModels(
  transport: Transport,
  product: 'quickdate' | 'generation' | 'quiz',
): PersonModel[] | undefined {
  return peekAnswer(transport, `PersonModel/${product}-net-funnel-person-models`, isModelList);
}
