import crypto from 'node:crypto';

// Fixed namespace: changing it would change every catalogue id and break saved links.
const NAMESPACE = 'companion-catalogue-v1';

function toUuid(digest: Buffer): string {
  const bytes = Buffer.from(digest.subarray(0, 16));
  // Version 5 and RFC 4122 variant bits, so the ids pass uuid validation everywhere.
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A stable UUID derived from a name: the same name always gives the same id. */
export function stableId(name: string): string {
  return toUuid(crypto.createHash('sha1').update(`${NAMESPACE}:${name}`).digest());
}

/** A UUID derived from a name and a secret: stable for one database, unguessable without the secret. */
export function keyedId(secret: string, name: string): string {
  return toUuid(crypto.createHmac('sha256', secret).update(`${NAMESPACE}:${name}`).digest());
}

/** The id of a seed character by its slug. */
export function seedCharacterId(slug: string): string {
  return stableId(`character:${slug}`);
}
