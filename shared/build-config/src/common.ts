import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VanillaExtractPlugin } from '@vanilla-extract/webpack-plugin';
import { rspack, type ResolveOptions, type RuleSetRule } from '@rspack/core';

/** Build mode from NODE_ENV; production unless told otherwise. */
export function isProduction(): boolean {
  return process.env['NODE_ENV'] !== 'development';
}

/** Loaders shared by every front-end build: TypeScript/TSX via SWC, CSS (vanilla-extract output), fonts and images. */
export function moduleRules(production: boolean): RuleSetRule[] {
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production } },
          target: 'es2022',
        },
      },
      type: 'javascript/auto',
    },
    { test: /\.css$/i, type: 'css/auto' },
    {
      test: /\.(woff2?|ttf|otf)$/i,
      type: 'asset/resource',
      generator: { filename: 'fonts/[name].[contenthash:8][ext]' },
    },
    {
      test: /\.(png|jpe?g|gif|webp|avif|svg)$/i,
      resourceQuery: { not: [/url/] },
      type: 'asset',
      parser: { dataUrlCondition: { maxSize: 4096 } },
    },
    // `?url`: always a file of its own (an image the page fetches), never inlined into the script's bytes.
    { test: /\.(png|jpe?g|gif|webp|avif|svg)$/i, resourceQuery: /url/, type: 'asset/resource' },
  ];
}

/**
 * The vanilla-extract plugin. Class names carry the build's name: remotes bundle `@companion/ui` from source and
 * deploy independently, and vanilla-extract hashes a style's position in its file, so two remotes built from
 * different revisions would otherwise emit one class name for two different rules (ADR 0043).
 */
export function vanillaExtract(production: boolean, buildName: string): VanillaExtractPlugin {
  const prefix = buildName.replace(/[^a-zA-Z0-9]/g, '');
  return new VanillaExtractPlugin({
    identifiers: production
      ? ({ hash }) => `${prefix}_${hash}`
      : ({ hash, debugId }) => `${prefix}_${debugId ?? 'x'}_${hash}`,
  });
}

/** Resolution shared by every build. */
export function resolveOptions(): ResolveOptions {
  return {
    // `es2015` first: rxjs (the bus) then resolves to its ES2015 build, native classes without tslib's helpers,
    // instead of its ES5 one (ADR 0275).
    conditionNames: ['es2015', 'import', 'module', 'browser', 'default'],
    extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
  };
}

/**
 * The federation runtime's packages ship CommonJS and ESM builds; its own modules `require` each other, so the
 * CommonJS build is bundled whole and its optimisation flags (`disableSnapshot`, `target`) only set constants. This
 * rule resolves the runtime's imports of itself to the ESM build, so the flags let the bundler drop what they turn
 * off (ADR 0236).
 */
export const FEDERATION_RUNTIME_AS_ESM: RuleSetRule = {
  test: /[\\/]node_modules[\\/]@module-federation[\\/]/,
  resolve: { conditionNames: ['import', 'module', 'browser', 'default'] },
};

/**
 * The federation plugin's generated start-up module imports the bundler runtime (and, in the shell, the
 * external-runtime plugin) by the absolute path of their CommonJS build, which no resolve condition reaches. This
 * swaps each for the ESM file beside it, so those modules tree-shake and concatenate like the rest of the runtime
 * (ADR 0260).
 */
export function federationRuntimeEsm(): InstanceType<typeof rspack.NormalModuleReplacementPlugin> {
  return new rspack.NormalModuleReplacementPlugin(
    /[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/]index\.cjs$/,
    (resource) => {
      resource.request = resource.request.replace(/\.cjs$/, '.js');
    },
  );
}

/**
 * The federation runtime's error sentences (`@module-federation/error-codes`' `desc`, 0.36 KB gzip in the shell's
 * `main` and again in every `remoteEntry.js`) swapped for empty maps: its errors keep their code, arguments and
 * troubleshooting link (ADR 0457).
 */
export function federationErrorCodesOnly(): InstanceType<typeof rspack.NormalModuleReplacementPlugin> {
  return new rspack.NormalModuleReplacementPlugin(
    /[\\/]@module-federation[\\/]error-codes[\\/]dist[\\/]desc\.m?js$/,
    path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      '..',
      'federation-stubs',
      'error-descriptions.js',
    ),
  );
}
