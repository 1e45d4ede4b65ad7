import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration } from '@rspack/core';
import { CONTRACT_VERSION, checkRouteClaims, containerName, type FirstLoadHint } from '@companion/contracts';
import {
  FEDERATION_RUNTIME_AS_ESM,
  federationErrorCodesOnly,
  federationRuntimeEsm,
  resolveOptions,
  isProduction,
  moduleRules,
  vanillaExtract,
} from './common.ts';
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
 * The top-level paths the remote owns: `companion.routes` of its package.json (ADR 0235). A pattern that is not a
 * route or that names a shell page fails the build, so the mistake surfaces before anything is deployed.
 */
function remoteRoutes(dir: string, name: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    companion?: { routes?: unknown };
  };
  const routes = pkg.companion?.routes ?? [];
  if (!Array.isArray(routes) || routes.some((route) => typeof route !== 'string'))
    throw new Error(`${name}: package.json companion.routes must be a list of path patterns`);
  const problems = checkRouteClaims({ [name]: routes as string[] });
  if (problems.length > 0) throw new Error(problems.map((problem) => problem.message).join('\n'));
  return routes as string[];
}

/** What the metadata plugin reads of an emitted compilation. */
interface EmittedCompilation {
  outputOptions: { path?: string };
  namedChunkGroups: { get(name: string): { chunks: { files: Iterable<string> }[] } | undefined };
}

/**
 * The JS and CSS files of the named lazy chunks (`webpackChunkName`) a first-load hint asks for (ADR 0285); a name
 * no `import()` gives fails the build, so a renamed chunk cannot silently lose its preload.
 */
function chunkFiles(compilation: EmittedCompilation, names: string[]): string[] {
  const files = new Set<string>();
  for (const name of names) {
    const group = compilation.namedChunkGroups.get(name);
    if (!group) throw new Error(`firstLoad: no lazy chunk is named '${name}' (webpackChunkName)`);
    for (const chunk of group.chunks)
      for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
  }
  return [...files].sort();
}

/**
 * Writes `companion-remote.json`, which the registry reads to learn the remote's contract version and route claims,
 * and the origin its first-load hints.
 */
class RemoteMetadataPlugin {
  constructor(
    private readonly meta: {
      name: string;
      version: string;
      contract: string;
      routes: string[];
      firstLoad?: FirstLoadHint[];
    },
  ) {}
  apply(compiler: {
    hooks: { afterEmit: { tap(name: string, fn: (c: EmittedCompilation) => void): void } };
  }) {
    compiler.hooks.afterEmit.tap('RemoteMetadataPlugin', (compilation) => {
      const out = compilation.outputOptions.path;
      if (!out) return;
      const firstLoad = this.meta.firstLoad?.map((hint) =>
        hint.chunks ? { ...hint, files: chunkFiles(compilation, hint.chunks) } : hint,
      );
      mkdirSync(out, { recursive: true });
      writeFileSync(
        path.join(out, 'companion-remote.json'),
        `${JSON.stringify({ ...this.meta, ...(firstLoad ? { firstLoad } : {}), builtAt: new Date().toISOString() }, null, 2)}\n`,
      );
    });
  }
}

/**
 * Adds `integrity` (file → `sha384-…`) to `mf-manifest.json`: every JS and CSS file the manifest names (entry and
 * exposed chunks). The registry pins the manifest's bytes, so the manifest pins every file the federation runtime
 * loads from it; the shell loads them with SRI (ADR 0246). Async chunks are pinned by Rspack's
 * SubresourceIntegrityPlugin inside the entry.
 */
class ManifestIntegrityPlugin {
  apply(compiler: {
    hooks: { afterEmit: { tap(name: string, fn: (c: { outputOptions: { path?: string } }) => void): void } };
  }) {
    compiler.hooks.afterEmit.tap('ManifestIntegrityPlugin', (compilation) => {
      const out = compilation.outputOptions.path;
      const file = out ? path.join(out, 'mf-manifest.json') : null;
      if (!out || !file || !existsSync(file)) return;
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
        metaData?: { remoteEntry?: { name?: string; path?: string } };
        exposes?: { assets?: Record<string, { sync?: string[]; async?: string[] }> }[];
        integrity?: Record<string, string>;
      };
      const files = new Set<string>();
      const entry = manifest.metaData?.remoteEntry;
      if (entry?.name) files.add(path.posix.join(entry.path ?? '', entry.name));
      for (const expose of manifest.exposes ?? [])
        for (const kind of Object.values(expose.assets ?? {}))
          for (const asset of [...(kind.sync ?? []), ...(kind.async ?? [])]) files.add(asset);
      const integrity: Record<string, string> = {};
      for (const name of [...files].sort()) {
        const bytes = readFileSync(path.join(out, name));
        integrity[name] = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
      }
      writeFileSync(file, JSON.stringify({ ...manifest, integrity }));
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
 * chunk registry in one page (docs/research/module-federation-spike.md §3).
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
      // Subresource Integrity (ADR 0246): the entry's runtime carries the sha384 of every chunk it
      // loads and sets it on the script/link tag, so a tampered chunk fails to load (the shell shows the fallback).
      ...(production ? { crossOriginLoading: 'anonymous' as const } : {}),
      clean: true,
    },
    resolve: production
      ? resolveOptions()
      : {
          ...resolveOptions(),
          alias: { '@standalone/lifecycles$': path.join(options.dir, 'src', 'lifecycles.tsx') },
        },
    module: { rules: [...moduleRules(production), FEDERATION_RUNTIME_AS_ESM] },
    plugins: [
      vanillaExtract(production, container),
      federationRuntimeEsm(),
      ...(production ? [federationErrorCodesOnly()] : []),
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
      ...(production
        ? [
            new rspack.SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'], htmlPlugin: false }),
            new ManifestIntegrityPlugin(),
          ]
        : []),
      new RemoteMetadataPlugin({
        name: options.name,
        version,
        contract: CONTRACT_VERSION,
        routes: remoteRoutes(options.dir, options.name),
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
