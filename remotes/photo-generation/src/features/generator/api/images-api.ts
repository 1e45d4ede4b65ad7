import type { PersonModel, Transport } from '@companion/contracts';
import type { BatchAnswer, StandaloneImage } from '../lib/batch.ts';

/** `POST Image/generate-batch-images` (000 §7; client-named batch, ADR 0181). */
export function generateBatch(
  transport: Transport,
  body: Record<string, unknown>,
): Promise<BatchAnswer & { remainingTokens: number }> {
  return transport.request('Image/generate-batch-images', { method: 'POST', body, timeoutMs: 120_000 });
}

/** `GET Image/batches/{id}`: a batch as it is now (pending, done or failed with its refund). */
export function getBatch(transport: Transport, batchId: string): Promise<BatchAnswer> {
  return transport.request(`Image/batches/${encodeURIComponent(batchId)}`);
}

/** `GET Image/standalone-images` (000 §7): the caller's generated images, newest first. */
export function getHistory(transport: Transport): Promise<StandaloneImage[]> {
  return transport
    .request<unknown>('Image/standalone-images', { query: { limit: 60 } })
    .then((body) => (Array.isArray(body) ? (body as StandaloneImage[]) : []));
}

/** The user's own characters (`PersonModel/get-created-persons`). */
export function getOwnCharacters(transport: Transport): Promise<PersonModel[]> {
  return transport
    .request<unknown>('PersonModel/get-created-persons')
    .then((body) => (Array.isArray(body) ? (body as PersonModel[]) : []));
}

/** Public characters (`PersonModel/top`). */
export function getPublicCharacters(transport: Transport): Promise<PersonModel[]> {
  return transport
    .request<unknown>('PersonModel/top')
    .then((body) => (Array.isArray(body) ? (body as PersonModel[]) : []));
}

/** `POST Image/send-to-chat { imageId }`: the photo becomes the user's message in its character's chat. */
export function sendToChat(transport: Transport, imageId: string): Promise<{ chatId: string }> {
  return transport.request('Image/send-to-chat', { method: 'POST', body: { imageId } });
}
