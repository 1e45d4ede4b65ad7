/**
 * 000 §8 "Failed lazy module import ('Failed to fetch dynamically imported module')": the browser's message for a
 * failed `import()`, and the bundler's (`ChunkLoadError`, "Loading chunk … failed") for the same thing.
 */
export function isLazyImportFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' &&
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading (CSS )?chunk [\w-]+ failed/i.test(
      message,
    )
  );
}
