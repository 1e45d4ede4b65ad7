export { createRemoteConfig, remoteVersion } from './remote.ts';
export type { RemoteBuildOptions } from './remote.ts';
export { createRemoteServerConfig } from './remote-server.ts';
export { createShellConfig, createShellServerConfig } from './shell.ts';
export type { ShellBuildOptions } from './shell.ts';
export { SHARED_SINGLETONS } from './federation.ts';
export { leanThumbmark, THUMBMARK_STUBS } from './thumbmark.ts';
export { moduleRules } from './common.ts';
