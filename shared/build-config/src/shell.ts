import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import * as common from './common.ts';
import { SHARED_SINGLETONS } from './federation.ts';
import { CHROME_FRAME_FILE, SHELL_PAGE_STYLES_FILE } from '@companion/contracts';
import { createServerEntryConfig } from './remote-server.ts';
import { leanThumbmark } from './thumbmark.ts';

/** Options of the shell's build. */
export interface ShellBuildOptions {
  dir: string;
  devPort: number;
  /** Runtime plugins registered with the federation runtime at start-up (paths relative to `dir`). */
  runtimePlugins?: string[];
}

// The shell's own pages its server entry renders (ADR 0453), by module.
const SERVER_RENDERED_PAGES = ['pages/legal-page.tsx', 'pages/legal/legal-text.tsx'];

/**
 * Writes contracts' `SHELL_PAGE_STYLES_FILE`: for each lazily loaded page the shell's server entry renders, the CSS files of
 * the chunk that holds it (`/assets/….css`), so the chrome frame links them and the page is styled before any
 * script (the browser's chunk loading finds those links and does not fetch them again).
 */
class PageStylesPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PageStylesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PageStylesPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const styles: Record<string, string[]> = {};
          for (const page of SERVER_RENDERED_PAGES) {
            const files = new Set<string>();
            for (const chunk of compilation.chunks) {
              const holds = compilation.chunkGraph
                .getChunkModules(chunk)
                .some((module) =>
                  (module.nameForCondition() ?? '').replace(/\\/g, '/').endsWith(`src/${page}`),
                );
              if (holds) for (const file of chunk.files) if (file.endsWith('.css')) files.add(`/${file}`);
            }
            styles[page] = [...files].sort();
          }
          compilation.emitAsset(
            SHELL_PAGE_STYLES_FILE,
            new rspack.sources.RawSource(`${JSON.stringify(styles, null, 2)}\n`),
          );
        },
      );
    });
  }
}

/**
 * Adds `<link rel="preload" as="script">` to `index.html` for every JS file the boot needs after `main`: the
 * chunks of the `bootstrap` import and the chunks holding the shared singletons (React), which the federation
 * runtime only requests once `main` has run. Without them a cold load fetches `main`, then everything else (a
 * round trip plus `main`'s transfer later); with them every boot file downloads in parallel with `main`.
 */
class BootPreloadPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('BootPreloadPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tap(
        'BootPreloadPlugin',
        (data) => {
          const group = compilation.namedChunkGroups.get('bootstrap');
          const files = new Set<string>();
          for (const chunk of group?.chunks ?? []) for (const file of chunk.files) files.add(file);
          // The chrome's chunk (ADR 0278): marked, so the origin drops it for a path without chrome (`showsChrome`).
          const chrome = new Set<string>();
          for (const chunk of compilation.namedChunkGroups.get('chrome')?.chunks ?? [])
            if (!group?.chunks.includes(chunk)) for (const file of chunk.files) chrome.add(file);
          for (const chunk of compilation.chunks) {
            const shared = compilation.chunkGraph
              .getChunkModules(chunk)
              .some((module) =>
                /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(module.identifier()),
              );
            if (shared && !chunk.canBeInitial()) for (const file of chunk.files) files.add(file);
          }
          for (const file of new Set([...files, ...chrome])) {
            const style = file.endsWith('.css');
            if (!style && !file.endsWith('.js')) continue;
            // After `main` (scripts are injected into the head, `main` first): over HTTP/1.1's six connections
            // the request issued first is the one that runs first.
            data.assetTags.scripts.push({
              tagName: 'link',
              voidTag: true,
              attributes: {
                rel: 'preload',
                href: `/${file}`,
                as: style ? 'style' : 'script',
                ...(chrome.has(file) && !files.has(file) ? { 'data-chrome': true } : {}),
              },
            });
          }
          return data;
        },
      );
    });
  }
}

/**
 * Rspack configuration for the host. It declares no remotes: it learns them from `/registry.json` at run time
 * (docs/research/module-federation-spike.md §3), so deploying or rolling back a remote never rebuilds it.
 */
export function createShellConfig(options: ShellBuildOptions): Configuration {
  const production = common.isProduction();
  const thumbmark = leanThumbmark(options.dir);
  const config: Configuration = {
    mode: production ? 'production' : 'development',
    context: options.dir,
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(options.dir, 'dist'),
      publicPath: '/',
      uniqueName: 'shell',
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      cssFilename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
      cssChunkFilename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: { ...common.resolveOptions(), alias: thumbmark.alias },
    module: {
      rules: [
        thumbmark.rule,
        ...common
          .moduleRules(production)
          .map((rule) =>
            rule.type === 'asset/resource'
              ? { ...rule, generator: { filename: 'assets/fonts/[name].[contenthash:8][ext]' } }
              : rule,
          ),
        common.FEDERATION_RUNTIME_AS_ESM,
      ],
    },
    plugins: [
      common.vanillaExtract(production, 'shell'),
      common.federationRuntimeEsm(),
      ...(production ? [common.federationErrorCodesOnly()] : []),
      thumbmark.plugin,
      new ModuleFederationPlugin({
        name: 'shell',
        shared: SHARED_SINGLETONS,
        runtimePlugins: options.runtimePlugins ?? [],
        dts: false,
        // `target: 'web'` drops the runtime's Node loaders from the browser bundle.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
      new BootPreloadPlugin(),
      ...(production ? [new PageStylesPlugin()] : []),
      new rspack.HtmlRspackPlugin({
        template: path.join(options.dir, 'src', 'index.html'),
        // In the head with `defer` (runs after parsing, as at the end of body) so `main` is requested first.
        inject: 'head',
        scriptLoading: 'defer',
      }),
    ],
    devServer: {
      port: options.devPort,
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      proxy: [
        { context: ['/api', '/hubs'], target: process.env['API_URL'] ?? 'http://127.0.0.1:3001', ws: true },
        {
          context: ['/registry.json', '/remotes'],
          target: process.env['ORIGIN_URL'] ?? 'http://127.0.0.1:3000',
        },
      ],
    },
    optimization: {
      splitChunks: {
        cacheGroups: {
          // React, react-dom and the scheduler in one chunk, whatever asks for them: the provided factories and the
          // consume fallbacks each got their own chunk (react-dom's 1.4 KB twice), and the boot needs them all.
          react: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            chunks: 'async',
            name: 'react',
            enforce: true,
          },
          // ThumbmarkJS and its stand-ins (ADR 0275) in one chunk: the default vendor split put the stand-ins in a
          // second file and so a second request.
          fingerprint: thumbmark.cacheGroup,
          // The hub connections and the SignalR client they drive, loaded together on first need (ADR 0275): one
          // file, not the connections and then the vendor split of the client.
          hubs: {
            test: /[\\/](@microsoft[\\/]signalr[\\/]|src[\\/]hubs[\\/]hub-connections\.ts$)/,
            chunks: 'async',
            name: 'hubs',
            enforce: true,
          },
        },
      },
    },
    lazyCompilation: false,
    performance: { hints: false },
    stats: 'errors-warnings',
  };
  return config;
}

/**
 * The Node build of the shell's server entry (ADR 0453): the chrome frame around a remote's first screen,
 * `dist/server/chrome-frame.mjs`, deployed with the shell's files; runs after the browser build `after`.
 */
export function createShellServerConfig(options: ShellBuildOptions, after: string): Configuration {
  return createServerEntryConfig({
    dir: options.dir,
    entry: './src/server.tsx',
    file: path.join(options.dir, 'dist', CHROME_FRAME_FILE),
    classPrefix: 'shell',
    publicPath: '/',
    assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    define: {},
    after,
  });
}
