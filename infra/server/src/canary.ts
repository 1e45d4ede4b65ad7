import { createHash, randomBytes } from 'node:crypto';
import type { Registry } from '@companion/registry';

/** The visitor cookie canaries are sticky by (random, no personal data, one year). */
export const VISITOR_COOKIE = 'cmp_vid';
const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The visitor id in a `Cookie` header, or null when absent or malformed. */
export function visitorIdOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === VISITOR_COOKIE) {
      const value = rest.join('=');
      return VISITOR_ID.test(value) ? value : null;
    }
  }
  return null;
}

/** A new visitor id and the `Set-Cookie` value that stores it. */
export function newVisitor(secure: boolean): { id: string; cookie: string } {
  const id = randomBytes(16).toString('base64url');
  const flags = `Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
  return { id, cookie: `${VISITOR_COOKIE}=${id}; ${flags}` };
}

/** The visitor's bucket (0–99) for one remote: stable per visitor and remote, independent between remotes. */
export function bucketOf(visitorId: string, remote: string): number {
  return createHash('sha256').update(`${remote}:${visitorId}`).digest().readUInt32BE(0) % 100;
}

/**
 * The registry as one visitor sees it (ADR 0247): an entry with a canary becomes the canary's entry for
 * visitors whose bucket is under its percent, the live one for the rest; the `canary` field never leaves the
 * origin. Without a visitor id (a client that keeps no cookie) everyone gets the live version.
 */
export function registryForVisitor(registry: Registry, visitorId: string | null): Registry {
  const remotes: Registry['remotes'] = {};
  for (const [name, entry] of Object.entries(registry.remotes)) {
    const { canary, ...live } = entry;
    if (canary && visitorId && bucketOf(visitorId, name) < canary.percent) {
      const { percent: _percent, ...canaryEntry } = canary;
      remotes[name] = canaryEntry;
    } else remotes[name] = live;
  }
  return { schemaVersion: 1, remotes };
}

/** True when any entry has a canary (then the registry differs per visitor). */
export function hasCanary(registry: Registry): boolean {
  return Object.values(registry.remotes).some((entry) => entry.canary !== undefined);
}
