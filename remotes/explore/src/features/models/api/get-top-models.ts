import type { PersonModel, Transport } from '@companion/contracts';
import { peekAnswer } from '@companion/remote-kit';

/** Who the list is fetched for: a signed-in user (their unlocks apply) or the public catalogue. */
export type TopModelsAudience = { userId: string } | 'public';

/** Query key of one list fetch. */
export function topModelsKey(audience: TopModelsAudience, utmSource: string | null): string {
  return `${audience === 'public' ? 'public' : audience.userId}|${utmSource ?? ''}`;
}

/** The public model list keeps no token: a first-time visitor's list must not wait for pre-registration. */
export function getTopModels(
  transport: Transport,
  audience: TopModelsAudience,
  utmSource: string | null,
): Promise<PersonModel[]> {
  return transport
    .request<unknown>('PersonModel/top', {
      query: { utmSource: utmSource ?? undefined },
      ignoreAuthorization: audience === 'public',
    })
    .then(assertModelList);
}

/**
 * The public list when the page already holds it (the origin's first-load answer, ADR 0453): the first render shows
 * it, as the server-rendered first screen did. Undefined when there is none or it is malformed (then it is fetched,
 * and a bad answer fails as usual).
 */
export function peekTopModels(transport: Transport, utmSource: string | null): PersonModel[] | undefined {
  return peekAnswer(transport, 'PersonModel/top', isModelList, { utmSource: utmSource ?? undefined });
}

/** The wire shape check below, as a yes or no. */
function isModelList(body: unknown): body is PersonModel[] {
  try {
    assertModelList(body);
    return true;
  } catch {
    return false;
  }
}

/** Checks the wire shape the grid depends on; a bad body fails loudly instead of rendering blanks. */
function assertModelList(body: unknown): PersonModel[] {
  if (!Array.isArray(body)) throw new TypeError('PersonModel/top: expected an array');
  for (const item of body) assertModel(item);
  return body as PersonModel[];
}

/** Checks one `PersonModel`'s fields the explore pages read. */
export function assertModel(item: unknown): asserts item is PersonModel {
  const model = item as Partial<PersonModel> | null;
  if (
    typeof model !== 'object' ||
    model === null ||
    typeof model.id !== 'string' ||
    typeof model.firstName !== 'string' ||
    typeof model.isAnime !== 'boolean' ||
    typeof model.isPremium !== 'boolean' ||
    !Array.isArray(model.bodyImages)
  ) {
    throw new TypeError('PersonModel: unexpected shape');
  }
}
