export { bootstrap, defaultDataDir } from './bootstrap.ts';
export type { BootstrapOptions, BootstrapOutcome } from './bootstrap.ts';
export { assertCanaryPercent } from './canary.ts';
export type { CanaryChange } from './canary.ts';
export { runCli } from './commands.ts';
export type { CliContext } from './commands.ts';
export { remoteEntryFile } from './entry-integrity.ts';
export { sriSha384 } from './files.ts';
export { RegistryError } from './errors.ts';
export type { RegistryErrorCode } from './errors.ts';
export { assertRemoteName, assertVersion, emptyRegistry, manifestUrl } from './checks.ts';
export { openStore } from './store.ts';
export type { Store } from './store.ts';
export type { RemoteStore } from './remote-store.ts';
export { contentTypeOf } from './content-types.ts';
export { openS3Store } from './s3-store.ts';
export type { S3StoreConfig } from './s3-store.ts';
export { openConfiguredStore } from './store-config.ts';
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
