export { bootstrap, defaultDataDir } from './bootstrap.ts';
export type { BootstrapOptions, BootstrapOutcome } from './bootstrap.ts';
export { runCli } from './commands.ts';
export type { CliContext } from './commands.ts';
export { RegistryError } from './errors.ts';
export type { RegistryErrorCode } from './errors.ts';
export { assertRemoteName, assertVersion, emptyRegistry, manifestUrl, openStore } from './store.ts';
export type { Store } from './store.ts';
export type {
  FlipResult,
  HistoryRecord,
  PublishResult,
  Registry,
  RegistryEntry,
  RemoteBuildInfo,
} from './types.ts';
export { listRemotePackages } from './workspace.ts';
export type { RemotePackage } from './workspace.ts';
