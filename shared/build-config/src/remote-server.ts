import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { containerName, SERVER_ENTRY_FILE } from '@companion/contracts';
import { moduleRules, resolveOptions, vanillaExtract } from './common.ts';
import { remoteVersion, type RemoteBuildOptions } from './remote.ts';

/**
 * The Node build of a remote's server entry (ADR 0452): one self-contained ES module,
 * `dist/<version>/server/first-screen.mjs`, published in the same immutable version folder as the browser files
 * and pinned in the registry by its sha384. React and the remote's pages are bundled into it (no federation on the
 * server: the origin imports the pinned file). Class names come from the same vanilla-extract naming as the browser
 * build, so the server's markup wears the browser's styles. Runs after the browser build, whose `clean` would
 * otherwise remove it.
 */
export function createRemoteServerConfig(
  options: RemoteBuildOptions & { serverEntry: string },
  after: string,
): Configuration {
  const version = remoteVersion(options.dir);
  const out = path.join(options.dir, 'dist', version);
  return {
    name: 'server',
    dependencies: [after],
    mode: 'production',
    target: 'node20',
    context: options.dir,
    devtool: false,
    entry: { 'first-screen': options.serverEntry },
    output: {
      path: path.dirname(path.join(out, SERVER_ENTRY_FILE)),
      filename: path.basename(SERVER_ENTRY_FILE),
      module: true,
      chunkFormat: 'module',
      library: { type: 'module' },
      clean: false,
    },
    resolve: { ...resolveOptions(), conditionNames: ['es2015', 'node', 'import', 'module', 'default'] },
    module: { rules: moduleRules(true) },
    plugins: [
      vanillaExtract(true, containerName(options.name)),
      new rspack.DefinePlugin({
        __REMOTE_VERSION__: JSON.stringify(version),
        __STANDALONE_REMOTE__: JSON.stringify(options.name),
        'process.env.NODE_ENV': JSON.stringify('production'),
      }),
      // One file: the origin pins and imports exactly one (a lazy page is inlined, not a chunk beside it).
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
