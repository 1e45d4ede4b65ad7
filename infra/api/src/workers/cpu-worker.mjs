// The worker thread of the CPU pool (cpu-pool.ts): runs one named export of a task module the API names by URL.
// Under `node --import tsx` (the product's start) the worker inherits the TypeScript loader; anywhere else (vitest's
// processes) the first `.ts` import fails and tsx is registered here, once, before trying again.
import { pathToFileURL } from 'node:url';

let typescript = null;

async function load(url) {
  if (typescript === null) {
    try {
      return await import(url);
    } catch (error) {
      if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
      const { register } = await import('tsx/esm/api');
      typescript = register();
    }
  }
  // A new specifier: the failed import above stays cached under the first one.
  return import(`${url}?ts`);
}

/**
 * `{ module, name, input }` → `{ value }`, what `module`'s export `name` returns for `input`, or `{ httpError }` when
 * it threw an HttpError (a class does not cross threads; its fields do, and the pool throws it again).
 */
export default async function run({ module, name, input }) {
  const tasks = await load(module.startsWith('file:') ? module : pathToFileURL(module).href);
  const task = tasks[name];
  if (typeof task !== 'function') throw new Error(`${module} exports no task ${name}`);
  try {
    return { value: await task(input) };
  } catch (error) {
    if (error?.name !== 'HttpError') throw error;
    const { status, code, message, field } = error;
    return { httpError: { status, code, message, field } };
  }
}
