import type { PersonModel, Transport } from '@companion/contracts';
import { assertModel } from './get-top-models.ts';

/** `GET PersonModel/get-person/{id}`: one character (404 unknown, 401/403 private). */
export async function getPerson(transport: Transport, id: string): Promise<PersonModel> {
  const body = await transport.request<unknown>(`PersonModel/get-person/${encodeURIComponent(id)}`);
  assertModel(body);
  return body;
}
