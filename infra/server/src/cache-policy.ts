import path from 'node:path';

/** Content-addressed files never change under their name, so browsers may keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Mutable documents (index.html, registry.json) are revalidated on every use. */
export const NO_CACHE = 'no-cache';

// The shell build names assets `[name].[contenthash:8].ext` (shared/build-config/src/shell.ts).
const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

/** Cache-Control for a file of the shell build, given its path relative to the shell's dist folder. */
export function shellCacheControl(relativePath: string): string {
  const posix = relativePath.split(path.sep).join('/');
  return posix.startsWith('assets/') && HASHED_NAME.test(posix) ? IMMUTABLE : NO_CACHE;
}
