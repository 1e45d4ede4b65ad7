/** sessionStorage key: when this tab last reloaded for a failed preload (epoch ms). */
export const CHUNK_RELOAD_KEY = 'companion:chunk-reload-at';

/** A second failure within this window after a reload does not reload again: no reload loop. */
const CHUNK_RELOAD_WINDOW_MS = 60_000;

/**
 * The queue the inline script of `index.html` fills with the targets of resource errors seen before this module ran:
 * the parser starts the HTML's preloads before the deferred entry executes, so a refused one fails unseen otherwise.
 */
export const EARLY_RESOURCE_ERRORS = '__companionEarlyResourceErrors';

/** Where the shell's own chunks are served (its build's public path). */
const SHELL_ASSETS_PREFIX = '/assets/';

/**
 * True for a failed `<link rel="preload|modulepreload" as="script">` of one of the shell's own chunks. A remote's
 * preloads are left to its outlet, which shows that area's fallback (ADR 0008) instead of reloading the page.
 */
function isScriptPreload(target: EventTarget | null, origin: string): boolean {
  if (typeof HTMLLinkElement === 'undefined' || !(target instanceof HTMLLinkElement)) return false;
  const rel = target.rel.toLowerCase();
  if (rel !== 'preload' && rel !== 'modulepreload') return false;
  if (rel === 'preload' && target.as !== 'script') return false;
  try {
    const url = new URL(target.href);
    return url.origin === origin && url.pathname.startsWith(SHELL_ASSETS_PREFIX);
  } catch {
    return false;
  }
}

/**
 * 000 §8 "Script chunk preload failure → page reloads": a preloaded script chunk that failed to download (a deploy
 * removed it, the network dropped) reloads the page once, so the new bundle loads. A second failure within a minute
 * of that reload is left alone: the failed lazy import then shows the error screen instead of reloading forever.
 * Returns the uninstall function.
 */
export function installChunkReload(deps: {
  window: Window;
  storage: Storage;
  now?: () => number;
  reload?: () => void;
}): () => void {
  const { window: win, storage } = deps;
  const now = deps.now ?? (() => Date.now());
  const reload = deps.reload ?? (() => win.location.reload());
  const onFailure = (target: EventTarget | null) => {
    if (!isScriptPreload(target, win.location.origin)) return;
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (now() - last < CHUNK_RELOAD_WINDOW_MS) {
      console.warn('[shell] a script chunk failed to preload again; not reloading');
      return;
    }
    storage.setItem(CHUNK_RELOAD_KEY, String(now()));
    reload();
  };
  const onError = (event: Event) => onFailure(event.target);
  // Resource errors do not bubble: only a capturing listener on window sees them.
  win.addEventListener('error', onError, true);
  // Failures from before this ran; from now on the listener above sees them, so the queue stops filling.
  const queue = (win as unknown as Record<string, unknown>)[EARLY_RESOURCE_ERRORS];
  if (Array.isArray(queue)) {
    const early = queue.splice(0) as EventTarget[];
    queue.push = () => queue.length;
    for (const target of early) onFailure(target);
  }
  return () => win.removeEventListener('error', onError, true);
}
