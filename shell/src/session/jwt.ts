import type { AccessTokenClaims } from '@companion/contracts';

/** Reads an access token's claims without verifying it (the API verifies); null when undecodable. */
export function decodeClaims(token: string | null | undefined): Partial<AccessTokenClaims> | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as Partial<AccessTokenClaims>) : null;
  } catch {
    return null;
  }
}

/** Spec 000 §5: a token is usable only while its `exp` is in the future; missing or undecodable counts as expired. */
export function isTokenExpired(token: string | null | undefined, nowMs: number): boolean {
  const exp = decodeClaims(token)?.exp;
  return typeof exp !== 'number' || exp * 1000 <= nowMs;
}

/** The `webpage` claim marks an anonymous generated user (spec 000 §3). */
export function isGeneratedUserToken(token: string | null | undefined): boolean {
  const claims = decodeClaims(token);
  return typeof claims?.webpage === 'string';
}
