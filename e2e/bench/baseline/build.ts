import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { VanillaExtractPlugin } from '@vanilla-extract/webpack-plugin';
import { leanThumbmark, moduleRules } from '@companion/build-config';
import { REPO_ROOT } from '../../support/env.ts';

/** A remote's `companion.routes`, read from its package.json. */
function claims(name: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'remotes', name, 'package.json'), 'utf8')) as {
    companion?: { routes?: string[] };
  };
  return pkg.companion?.routes ?? [];
}

/** Builds the single-bundle baseline (no Module Federation) into `outDir`. */
export async function buildBaseline(outDir: string): Promise<void> {
  // The shell's build of ThumbmarkJS (ADR 0275), so both sides pay the same for the fingerprint.
  const thumbmark = leanThumbmark(path.join(REPO_ROOT, 'shell'));
  const config: Configuration = {
    mode: 'production',
    context: REPO_ROOT,
    entry: { main: path.join(REPO_ROOT, 'e2e', 'bench', 'baseline', 'entry.tsx') },
    output: { path: outDir, publicPath: '/', filename: 'assets/[name].[contenthash:8].js', clean: true },
    resolve: {
      // As the shell's and remotes' builds (ADR 0275): rxjs from its ES2015 build.
      conditionNames: ['es2015', 'import', 'module', 'browser', 'default'],
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: {
        ...thumbmark.alias,
        '@bench/shell': path.join(REPO_ROOT, 'shell', 'src'),
        '@bench/explore': path.join(REPO_ROOT, 'remotes', 'explore', 'src'),
        '@bench/chat': path.join(REPO_ROOT, 'remotes', 'chat', 'src'),
      },
      modules: [
        path.join(REPO_ROOT, 'shell', 'node_modules'),
        path.join(REPO_ROOT, 'remotes', 'explore', 'node_modules'),
        'node_modules',
      ],
    },
    module: {
      // The same loaders as the federated builds, so the two sides differ only in federation.
      rules: [thumbmark.rule, ...moduleRules(true)],
    },
    plugins: [
      new VanillaExtractPlugin({ identifiers: 'short' }),
      thumbmark.plugin,
      new rspack.DefinePlugin({ __REMOTE_VERSION__: JSON.stringify('baseline') }),
      new rspack.HtmlRspackPlugin({
        template: path.join(REPO_ROOT, 'shell', 'src', 'index.html'),
        inject: 'body',
        scriptLoading: 'defer',
      }),
    ],
    optimization: {
      splitChunks: {
        cacheGroups: {
          fingerprint: thumbmark.cacheGroup,
        },
      },
    },
    performance: { hints: false },
  };
  await new Promise<void>((resolve, reject) =>
    rspack(config, (error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve();
    }),
  );
  // The shell reads a registry at boot; here it only has to name the two statically bundled remotes.
  const entry = (name: string, routes: string[]) => ({
    version: 'baseline',
    manifest: `/${name}.json`,
    integrity: '',
    contract: 1,
    // The paths each remote claims (ADR 0235), as deploy copies them from its package.json.
    routes,
  });
  writeFileSync(
    path.join(outDir, 'registry.json'),
    JSON.stringify({
      schemaVersion: 1,
      remotes: { explore: entry('explore', claims('explore')), chat: entry('chat', claims('chat')) },
    }),
  );
}
