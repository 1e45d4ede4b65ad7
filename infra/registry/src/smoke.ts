// Smoke mount before a deploy (ADR 0248): load the build's federation container in jsdom, as the
// shell's runtime would, and call bootstrap/mount/unmount of every exposed module on a detached element with mount
// props like the shell's. A build whose lifecycles throw is refused before anything is stored or flipped.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as runtimeCore from '@module-federation/runtime-core';
import { JSDOM, ResourceLoader, VirtualConsole } from 'jsdom';
import { CONTRACT_VERSION, type LifecycleProps, type RemoteName } from '@companion/contracts';
// The check mounts a build as the shell does, so it gives the remote the shell's real bus and history (a hand-made
// fake could hide an error the real ones raise). Deploy-time tooling only: nothing here is served.
// eslint-disable-next-line no-restricted-imports
import { createAppBus } from '@companion/event-bus';
// eslint-disable-next-line no-restricted-imports
import { createAppHistory } from '@companion/history';
import { RegistryError } from './errors.ts';

/** The page's origin: the build's files are served from disk under it (a file: URL is opaque, no storage). */
const ORIGIN = 'http://smoke.invalid';

/** A load jsdom can cancel: closing a window calls `abort()` on every request still open. */
type AbortableRead = Promise<Buffer> & { abort(): void };

/** Serves `ORIGIN/<file>` from the build folder, and nothing else (the check never reaches the network). */
class BuildLoader extends ResourceLoader {
  constructor(private readonly dir: string) {
    super();
  }

  override fetch(url: string): AbortableRead {
    const { origin, pathname } = new URL(url);
    const file = path.join(this.dir, decodeURIComponent(pathname));
    const controller = new AbortController();
    const read =
      origin !== ORIGIN || !file.startsWith(this.dir + path.sep)
        ? Promise.reject(new Error(`the smoke check loads only the build's files, not ${url}`))
        : readFile(file, { signal: controller.signal });
    // A stylesheet or chunk still loading when the check closes the page (a loaded machine) is cancelled, not left
    // to throw `openedRequest.abort is not a function` out of window.close().
    return Object.assign(read, { abort: () => controller.abort() });
  }
}

/** How long one lifecycle call may take before the smoke check gives up on it. */
const LIFECYCLE_TIMEOUT_MS = 10_000;

interface Container {
  init(shareScope: Record<string, unknown>): unknown;
  get(module: string): Promise<() => unknown>;
}

interface Lifecycles {
  bootstrap(props: LifecycleProps): Promise<unknown>;
  mount(props: LifecycleProps): Promise<unknown>;
  unmount(props: LifecycleProps): Promise<unknown>;
}

interface Manifest {
  metaData: { globalName: string; remoteEntry: { name: string; path: string } };
  exposes: { path: string }[];
}

// Globals React and the kit read while mounting; set from the jsdom window for the check and put back after.
const GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'HTMLElement',
  'Element',
  'Node',
  'Event',
  'CustomEvent',
  'MutationObserver',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'matchMedia',
  'localStorage',
  'sessionStorage',
] as const;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${what} did not settle within ${LIFECYCLE_TIMEOUT_MS} ms`)),
        LIFECYCLE_TIMEOUT_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

function messageOf(error: unknown): string {
  // Errors thrown inside the page come from jsdom's realm, so `instanceof Error` would miss them.
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}

/**
 * Mounts every module the build in `dir` exposes, in jsdom, and throws `smoke_failed` naming the module, the
 * lifecycle and the error if one throws (or an error reaches the window while it runs). Returns the checked modules.
 */
export async function smokeMount(name: string, dir: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'mf-manifest.json'), 'utf8')) as Manifest;
  const entry = path.join(dir, manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name);
  const pageErrors: string[] = [];
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('jsdomError', (error: Error & { type?: string }) => {
    // jsdom's own CSS parser rejects modern CSS browsers accept (create-character's stylesheet): not the remote's error.
    if (error.type !== 'css-parsing') pageErrors.push(error.message);
  });
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
    url: `${ORIGIN}/index.html`,
    runScripts: 'dangerously',
    resources: new BuildLoader(path.resolve(dir)),
    pretendToBeVisual: true,
    virtualConsole,
  });
  const window = dom.window as unknown as Record<string, unknown> & Window;
  // The runtime keeps share scopes in this process's globals: a second check must not get React of a closed page.
  runtimeCore.resetFederationGlobalInfo();
  // The shell provides the federation runtime to remotes built with `externalRuntime` (ADR 0009).
  window['_FEDERATION_RUNTIME_CORE'] = runtimeCore;
  if (!window.matchMedia) {
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      onchange: null,
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
  }
  const g = globalThis as Record<string, unknown>;
  const saved = new Map<string, PropertyDescriptor | undefined>();
  for (const key of GLOBALS) {
    saved.set(key, Object.getOwnPropertyDescriptor(g, key));
    Object.defineProperty(g, key, { value: window[key], configurable: true, writable: true });
  }
  const checked: string[] = [];
  let module = '(container)';
  let step = 'load';
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        const script = window.document.createElement('script');
        script.src = `${ORIGIN}/${path.relative(dir, entry).split(path.sep).join('/')}`;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error(`could not load ${path.basename(entry)}`));
        window.document.head.append(script);
      }),
      'loading the entry',
    );
    const container = window[manifest.metaData.globalName] as Container | undefined;
    if (!container) {
      throw new Error(pageErrors[0] ?? `the entry defines no container '${manifest.metaData.globalName}'`);
    }
    step = 'init';
    await container.init({});
    for (const exposed of manifest.exposes) {
      module = exposed.path;
      step = 'load';
      const factory = await withTimeout(container.get(exposed.path), `loading ${exposed.path}`);
      const exports = factory() as { default?: Lifecycles } & Partial<Lifecycles>;
      const lifecycles = (exports.default ?? exports) as Lifecycles;
      for (const fn of ['bootstrap', 'mount', 'unmount'] as const) {
        if (typeof lifecycles[fn] !== 'function') throw new Error(`it does not export ${fn}()`);
      }
      const rootBus = createAppBus();
      rootBus.handle('theme:change-requested', ({ mode }) => rootBus.publish('theme:changed', { mode }));
      const domElement = window.document.createElement('div');
      const remote = name as RemoteName;
      const props: LifecycleProps = {
        contractVersion: CONTRACT_VERSION,
        remote,
        remoteVersion: 'smoke',
        basename: '/',
        slot: 'route',
        history: createAppHistory(window),
        bus: rootBus.as(remote),
        transport: { request: () => Promise.reject(new Error('no API in the smoke check')) },
        hubs: {
          state: () => 'Disconnected',
          invoke: () => Promise.reject(new Error('no hubs in the smoke check')),
          stream: () => ({
            subscribe(observer) {
              queueMicrotask(() => observer.error(new Error('no hubs in the smoke check')));
              return { dispose() {} };
            },
          }),
        },
        brand: {
          id: 'main',
          name: 'Companion',
          fontFamily: 'sans-serif',
          supportEmail: 'support@example.com',
        },
        theme: 'dark',
        name: `${name}:route`,
        domElement,
      } as LifecycleProps;
      for (const fn of ['bootstrap', 'mount', 'unmount'] as const) {
        step = fn;
        await withTimeout(Promise.resolve(lifecycles[fn](props)), `${fn}()`);
        // Let effects run, so an error thrown on the first render reaches the window.
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (pageErrors.length > 0) throw new Error(pageErrors[0]);
      }
      checked.push(exposed.path);
    }
    return checked;
  } catch (error) {
    throw new RegistryError(
      'smoke_failed',
      `${name}: the smoke mount of ${module} failed at ${step}: ${messageOf(error)}; nothing was deployed.`,
    );
  } finally {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(g, key, descriptor);
      else delete g[key];
    }
    runtimeCore.resetFederationGlobalInfo();
    dom.window.close();
  }
}
