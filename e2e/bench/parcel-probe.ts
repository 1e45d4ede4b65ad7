import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { rspack, type Configuration } from '@rspack/core';
import { REPO_ROOT } from '../support/env.ts';

async function bundleSize(name: string, source: string, outDir: string): Promise<number> {
  const dir = path.join(outDir, name);
  mkdirSync(dir, { recursive: true });
  const entry = path.join(dir, 'entry.mjs');
  writeFileSync(entry, source);
  const config: Configuration = {
    mode: 'production',
    context: path.join(REPO_ROOT, 'e2e'),
    entry,
    output: { path: path.join(dir, 'out'), filename: 'bundle.js', clean: true },
    // React is the shell's already; only what the outlet itself adds is counted.
    externals: { react: 'React', 'react-dom': 'ReactDOM', 'react-dom/client': 'ReactDOMClient' },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' } } },
          type: 'javascript/auto',
        },
      ],
    },
    resolve: {
      extensions: ['.ts', '.js', '.mjs'],
      modules: [
        path.join(REPO_ROOT, 'e2e', 'node_modules'),
        path.join(REPO_ROOT, 'shell', 'node_modules'),
        'node_modules',
      ],
    },
    performance: { hints: false },
  };
  await new Promise<void>((resolve, reject) =>
    rspack(config, (error, stats) =>
      error ? reject(error) : stats?.hasErrors() ? reject(new Error(stats.toString())) : resolve(),
    ),
  );
  const files = readdirSync(path.join(dir, 'out')).filter((f) => f.endsWith('.js'));
  return files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(path.join(dir, 'out', f)), { level: 6 }).length,
    0,
  );
}

/**
 * What the host pays to mount remotes with single-spa's mountRootParcel and single-spa-react's <Parcel>,
 * against our own outlet (shell/src/outlet/parcel.ts), each bundled alone with React external (ADR 0003).
 */
export async function measureParcelHosts(outDir: string): Promise<{ singleSpa: number; ownOutlet: number }> {
  const singleSpa = await bundleSize(
    'single-spa',
    `import { mountRootParcel } from 'single-spa';\nimport Parcel from 'single-spa-react/parcel';\nwindow.__probe = [mountRootParcel, Parcel];\n`,
    outDir,
  );
  const ownOutlet = await bundleSize(
    'own-outlet',
    `import { mountParcel } from ${JSON.stringify(path.join(REPO_ROOT, 'shell', 'src', 'outlet', 'parcel.ts'))};\nwindow.__probe = [mountParcel];\n`,
    outDir,
  );
  return { singleSpa, ownOutlet };
}
