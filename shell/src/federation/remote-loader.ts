import {
  CONTRACT_VERSION,
  containerName,
  isContractCompatible,
  type RegistryDocument,
  type RegistryEntry,
  type RemoteFailureCode,
  type RemoteLifecycles,
  type RemoteName,
} from '@companion/contracts';
import type { ExpectedIntegrity } from './integrity.ts';

/** A remote that could not be loaded, with a stable code. */
export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';
  constructor(
    readonly remote: RemoteName,
    readonly code: RemoteFailureCode,
    message: string,
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

/** The federation runtime calls the loader needs (injected so tests run without a bundler runtime). */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

const isLifecycles = (value: unknown): value is RemoteLifecycles => {
  const v = value as Partial<RemoteLifecycles> | null;
  return (
    typeof v?.bootstrap === 'function' && typeof v.mount === 'function' && typeof v.unmount === 'function'
  );
};

/**
 * Loads remotes named by the registry, lazily and at most once each: the shell is the only code that
 * knows the list of remotes, and it learns it at run time. A failed load is forgotten so a later
 * navigation can retry it.
 */
export class RemoteLoader {
  private readonly loading = new Map<string, Promise<RemoteLifecycles>>();
  private readonly manifests = new Map<string, ExpectedIntegrity>();

  constructor(
    private readonly registry: RegistryDocument,
    private readonly runtime: FederationRuntime,
    private readonly origin: string,
  ) {
    const remotes = Object.entries(registry.remotes) as [RemoteName, RegistryEntry][];
    for (const [, entry] of remotes)
      this.manifests.set(new URL(entry.manifest, origin).href, {
        manifest: entry.integrity,
        ...(entry.entryIntegrity ? { entry: entry.entryIntegrity } : {}),
      });
    runtime.registerRemotes(
      remotes.map(([name, entry]) => ({
        name: containerName(name),
        entry: new URL(entry.manifest, origin).href,
      })),
      { force: true },
    );
  }

  /** Manifest URL → expected integrity of the manifest (and entry), for the integrity plugin. */
  get integrity(): ReadonlyMap<string, ExpectedIntegrity> {
    return this.manifests;
  }

  /** The live registry entry of a remote. */
  entry(remote: RemoteName): RegistryEntry | undefined {
    return this.registry.remotes[remote];
  }

  /** Starts loading a remote's code without mounting it (preload on intent). */
  preload(remote: RemoteName, expose = 'lifecycles'): void {
    this.load(remote, expose).catch(() => undefined);
  }

  /** Loads a remote's exposed lifecycles, checking it is in the registry and speaks our contract major. */
  load(remote: RemoteName, expose = 'lifecycles'): Promise<RemoteLifecycles> {
    const key = `${remote}/${expose}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.doLoad(remote, expose);
      this.loading.set(key, pending);
      pending.catch(() => this.loading.delete(key));
    }
    return pending;
  }

  private async doLoad(remote: RemoteName, expose: string): Promise<RemoteLifecycles> {
    const entry = this.entry(remote);
    if (!entry) throw new RemoteLoadError(remote, 'REMOTE_UNKNOWN', `'${remote}' is not in the registry`);
    if (!isContractCompatible(CONTRACT_VERSION, entry.contract)) {
      throw new RemoteLoadError(
        remote,
        'REMOTE_CONTRACT_INCOMPATIBLE',
        `${remote}@${entry.version} speaks contract ${entry.contract}; the shell speaks ${CONTRACT_VERSION}`,
      );
    }
    let module: unknown;
    try {
      module = await this.runtime.loadRemote<unknown>(`${containerName(remote)}/${expose}`);
    } catch (error) {
      const code =
        (error as Error | undefined)?.name === 'IntegrityError'
          ? 'REMOTE_INTEGRITY_MISMATCH'
          : 'REMOTE_LOAD_FAILED';
      throw new RemoteLoadError(remote, code, `${remote}@${entry.version} failed to load`, error);
    }
    const candidate = (module as { default?: unknown } | null)?.default ?? module;
    if (!isLifecycles(candidate)) {
      throw new RemoteLoadError(
        remote,
        'REMOTE_LOAD_FAILED',
        `${remote}@${entry.version} exposes no lifecycles`,
      );
    }
    return candidate;
  }
}
