import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { containerName, SERVER_ENTRY_FILE } from '@companion/contracts';
import { moduleRules, resolveOptions, vanillaExtract } from './common.ts';
import { remoteVersion, type RemoteBuildOptions } from './remote.ts';

/** What a server entry's Node build needs: where it is, where it goes, and its browser build's names. */
export interface ServerEntryBuild {
  dir: string;
  entry: string;
  /** The file written, absolute. */
  file: string;
  /** The browser build's vanilla-extract prefix: the server's markup wears the same class names. */
  classPrefix: string;
  define: Record<string, string>;
  /**
   * Where the browser build's files are served, and how it names an asset: an image the markup points at gets the
   * browser build's URL (the file is the browser build's; this build writes none).
   */
  publicPath: string;
  assetModuleFilename: string;
  /** The browser build's name: this one runs after it (whose `clean` would otherwise remove the file). */
  after: string;
}

/**
 * The Node build of a server entry (ADR 0452, 0453): one self-contained ES module with React and the pages bundled
 * (no federation on the server: the origin imports the file). Class names come from the same vanilla-extract naming
 * as the browser build, so the server's markup wears the browser's styles.
 */
export function createServerEntryConfig(build: ServerEntryBuild): Configuration {
  return {
    name: 'server',
    dependencies: [build.after],
    mode: 'production',
    target: 'node20',
    context: build.dir,
    devtool: false,
    entry: { server: build.entry },
    output: {
      path: path.dirname(build.file),
      filename: path.basename(build.file),
      module: true,
      chunkFormat: 'module',
      library: { type: 'module' },
      clean: false,
      publicPath: build.publicPath,
      assetModuleFilename: build.assetModuleFilename,
    },
    resolve: { ...resolveOptions(), conditionNames: ['es2015', 'node', 'import', 'module', 'default'] },
    module: {
      rules: moduleRules(true),
      // `import.meta.url` is the built file's, where it is deployed, not the source's at build time.
      parser: { javascript: { importMeta: false } },
      generator: { asset: { emit: false }, 'asset/resource': { emit: false } },
    },
    plugins: [
      vanillaExtract(true, build.classPrefix),
      new rspack.DefinePlugin({ ...build.define, 'process.env.NODE_ENV': JSON.stringify('production') }),
      // One file: the origin pins and imports exactly one (a lazy page is inlined, not a chunk beside it).
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * The Node build of a remote's server entry (ADR 0452): `dist/<version>/server/first-screen.mjs`, published in the
 * same immutable version folder as the browser files and pinned in the registry by its sha384.
 */
export function createRemoteServerConfig(
  options: RemoteBuildOptions & { serverEntry: string },
  after: string,
): Configuration {
  const version = remoteVersion(options.dir);
  return createServerEntryConfig({
    dir: options.dir,
    entry: options.serverEntry,
    file: path.join(options.dir, 'dist', version, SERVER_ENTRY_FILE),
    classPrefix: containerName(options.name),
    // The origin serves a version folder at `/remotes/<name>/<version>/` (the registry's manifest URL says the same).
    publicPath: `/remotes/${options.name}/${version}/`,
    assetModuleFilename: '[hash][ext][query]',
    define: {
      __REMOTE_VERSION__: JSON.stringify(version),
      __STANDALONE_REMOTE__: JSON.stringify(options.name),
    },
    after,
  });
}
