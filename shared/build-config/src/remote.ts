import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration } from '@rspack/core';
import { CONTRACT_VERSION, containerName, type FirstLoadHint } from '@companion/contracts';
import { resolveOptions, isProduction, moduleRules, vanillaExtract } from './common.ts';
import { SHARED_SINGLETONS } from './federation.ts';

/** Options of one remote's build. */
export interface RemoteBuildOptions {
  /** The remote's name, e.g. `explore`; its package is `@companion/<name>`. */
  name: string;
  /** The remote's folder (where package.json lives). */
  dir: string;
  /** Extra exposed parcels besides `./lifecycles`, e.g. `{ './paywall': './src/paywall-lifecycles.tsx' }`. */
  exposes?: Record<string, string>;
  /** Dev server port for `pnpm --filter @companion/<name> dev`. */
  devPort: number;
  /** Public data and images its routes read on arrival; the origin inlines them into the first HTML (ADR 0082). */
  firstLoad?: FirstLoadHint[];
}

/** The version a build is for: `REMOTE_VERSION` (set by `pnpm remote deploy --version`) or package.json's. */
export function remoteVersion(dir: string): string {
  const fromEnv = process.env['REMOTE_VERSION'];
  if (fromEnv) {
    if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(fromEnv))
      throw new Error(`REMOTE_VERSION '${fromEnv}' is not a semver version`);
    return fromEnv;
  }
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Writes `companion-remote.json`, which the registry reads to learn the remote's contract version and the origin
 * its first-load hints.
 */
class RemoteMetadataPlugin {
  constructor(
    private readonly meta: { name: string; version: string; contract: string; firstLoad?: FirstLoadHint[] },
  ) {}
  apply(compiler: {
    hooks: { afterEmit: { tap(name: string, fn: (c: { outputOptions: { path?: string } }) => void): void } };
  }) {
    compiler.hooks.afterEmit.tap('RemoteMetadataPlugin', (compilation) => {
      const out = compilation.outputOptions.path;
      if (!out) return;
      mkdirSync(out, { recursive: true });
      writeFileSync(
        path.join(out, 'companion-remote.json'),
        `${JSON.stringify({ ...this.meta, builtAt: new Date().toISOString() }, null, 2)}\n`,
      );
    });
  }
}

/** The standalone page every remote's dev server serves. */
function standalonePage(name: string): string {
  return [
    '<!doctype html>',
    '<html lang="en" data-theme="dark">',
    '  <head>',
    '    <meta charset="utf-8" />',
    '    <meta name="viewport" content="width=device-width, initial-scale=1" />',
    `    <title>${name} (standalone)</title>`,
    '  </head>',
    '  <body></body>',
    '</html>',
  ].join('\n');
}

/**
 * Rspack configuration for a federated remote: builds to `dist/<version>/` with `publicPath: 'auto'` so the
 * same files work from any version folder, and a per-version `uniqueName` so two versions never share a
 * chunk registry in one page (spike §3).
 */
export function createRemoteConfig(options: RemoteBuildOptions): Configuration {
  const production = isProduction();
  const version = production ? remoteVersion(options.dir) : 'dev';
  const container = containerName(options.name);
  const config: Configuration = {
    mode: production ? 'production' : 'development',
    context: options.dir,
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    // Production builds only the federation container. Development also builds the standalone page, whose entry
    // and HTML come from here (remote-kit's fake shell around the remote's lifecycles), not from files in each remote.
    entry: production ? {} : { main: '@companion/remote-kit/dev-entry' },
    output: {
      path: path.join(options.dir, 'dist', version),
      publicPath: 'auto',
      uniqueName: `${container}_${version.replace(/[^a-zA-Z0-9]/g, '_')}`,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      clean: true,
    },
    resolve: production
      ? resolveOptions()
      : {
          ...resolveOptions(),
          alias: { '@standalone/lifecycles$': path.join(options.dir, 'src', 'lifecycles.tsx') },
        },
    module: { rules: moduleRules(production) },
    plugins: [
      vanillaExtract(production, container),
      // The remote renders its own build version, so a deploy or rollback is visible in the page.
      new rspack.DefinePlugin({
        __REMOTE_VERSION__: JSON.stringify(version),
        __STANDALONE_REMOTE__: JSON.stringify(options.name),
      }),
      new ModuleFederationPlugin({
        name: container,
        filename: 'remoteEntry.js',
        exposes: { './lifecycles': './src/lifecycles.tsx', ...options.exposes },
        shared: SHARED_SINGLETONS,
        manifest: true,
        dts: false,
        // The shell provides the federation runtime, so a deployed remote does not ship a second copy
        // (~16 KB gz per remote, ADR 0009). Development builds keep their own runtime: the standalone page
        // has no shell to provide one.
        ...(production ? { experiments: { externalRuntime: true, optimization: { target: 'web' } } } : {}),
      }),
      // The standalone page (the fake shell) is for development only; it is not deployed.
      ...(production
        ? []
        : [new rspack.HtmlRspackPlugin({ templateContent: standalonePage(options.name), chunks: ['main'] })]),
      new RemoteMetadataPlugin({
        name: options.name,
        version,
        contract: CONTRACT_VERSION,
        ...(options.firstLoad ? { firstLoad: options.firstLoad } : {}),
      }),
    ],
    devServer: {
      port: options.devPort,
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        { context: ['/api', '/hubs'], target: process.env['API_URL'] ?? 'http://127.0.0.1:3001', ws: true },
      ],
    },
    lazyCompilation: false,
    performance: { hints: false },
    stats: 'errors-warnings',
  };
  return config;
}
