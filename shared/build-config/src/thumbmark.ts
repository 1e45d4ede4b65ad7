import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type RuleSetRule } from '@rspack/core';

const STUBS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'thumbmark-stubs');

/** Modules of ThumbmarkJS's sources the shell never runs, by the request that imports them, and their stand-ins. */
export const THUMBMARK_STUBS: Record<string, string> = {
  './components/webrtc': 'no-component.js',
  './components/speech': 'no-component.js',
  './components/canvas': 'no-component.js',
  './api': 'api.js',
  '../utils/log': 'log.js',
};

/**
 * ThumbmarkJS built from the TypeScript sources its package ships, not its one pre-bundled file: the `Thumbmark`
 * class only (not the legacy functions), without the components the shell never includes (webrtc, speech; canvas is
 * the shell's own), the API client (no `api_key`) and the telemetry (`logging: false`). The signals the shell
 * includes run the same code, so the hash is the same (ADR 0275). Used by the shell's build and the bench's single
 * bundle alike.
 */
export function leanThumbmark(fromDir: string): {
  alias: Record<string, string>;
  rule: RuleSetRule;
  plugin: InstanceType<typeof rspack.NormalModuleReplacementPlugin>;
  /** A `splitChunks` group keeping ThumbmarkJS and its stand-ins in one chunk (else the stand-ins are a second file). */
  cacheGroup: { test: RegExp; chunks: 'async'; name: string; enforce: true };
} {
  const dist = createRequire(path.join(fromDir, 'package.json')).resolve('@thumbmarkjs/thumbmarkjs');
  const src = path.join(path.dirname(dist), '..', 'src');
  const inSources = (context: string | undefined) =>
    context !== undefined && path.relative(src, context).split(path.sep)[0] !== '..';
  return {
    alias: { '@thumbmarkjs/thumbmarkjs$': path.join(src, 'thumbmark.ts') },
    rule: {
      test: /\.ts$/,
      include: [src],
      loader: 'builtin:swc-loader',
      options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
      type: 'javascript/auto',
    },
    plugin: new rspack.NormalModuleReplacementPlugin(/^\.\.?\//, (resource) => {
      const stub = THUMBMARK_STUBS[resource.request];
      if (stub && inSources(resource.context)) resource.request = path.join(STUBS, stub);
    }),
    cacheGroup: {
      test: /[\\/](@thumbmarkjs[\\/]thumbmarkjs|thumbmark-stubs)[\\/]/,
      chunks: 'async',
      name: 'fingerprint',
      enforce: true,
    },
  };
}
