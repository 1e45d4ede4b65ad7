import type { CharacterDraft, Transport } from '@companion/contracts';

/** The largest card file the API reads (ADR 0171). */
export const MAX_CARD_BYTES = 700 * 1024;

/** `GET PersonModel/export-card/{id}?format=&base64=true`: the card file, wrapped for a bearer-token client. */
export function exportCard(
  transport: Transport,
  id: string,
  format: 'json' | 'png',
): Promise<{ fileName: string; contentType: string; base64: string }> {
  return transport.request(`PersonModel/export-card/${encodeURIComponent(id)}`, {
    query: { format, base64: true },
  });
}

/** `POST PersonModel/import-card`: a V1–V3 card (JSON or PNG) as a new draft; creates nothing. */
export function importCard(
  transport: Transport,
  base64: string,
): Promise<{ draft: CharacterDraft; spec: string }> {
  return transport.request('PersonModel/import-card', { method: 'POST', body: { file: base64 } });
}

/** Base64 of a file's bytes. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Saves base64 bytes as a download. */
export function download(fileName: string, contentType: string, base64: string): void {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
