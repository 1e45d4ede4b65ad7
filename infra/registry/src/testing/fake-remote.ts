import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh temp folder for one test. */
export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `companion-${prefix}-`));
}

/** Options of a fake remote build. */
export interface FakeBuildOptions {
  contract?: string;
  /** Changes the chunk content, to simulate different code under the same version. */
  code?: string;
  builtAt?: string;
  /** The paths the build claims (`companion.routes`, ADR 0235); left out when absent. */
  routes?: string[];
  /** The source of a server entry (ADR 0452), written to `server/first-screen.mjs`; none when absent. */
  server?: string;
}

/**
 * Writes what `pnpm --filter @companion/<name> run build` leaves in `dist/<version>/`: a manifest, an entry
 * large enough to be precompressed, a hashed chunk and `companion-remote.json`.
 */
export async function writeFakeBuild(
  dir: string,
  name: string,
  version: string,
  options: FakeBuildOptions = {},
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const code = options.code ?? `console.log(${JSON.stringify(`${name}@${version}`)});`;
  await writeFile(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      id: name,
      name,
      metaData: {
        name,
        remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
        publicPath: 'auto',
      },
    }),
  );
  await writeFile(
    path.join(dir, 'remoteEntry.js'),
    `${code}\n${'/* federation runtime */ var x = 1;\n'.repeat(200)}`,
  );
  await writeFile(path.join(dir, '__federation_expose_lifecycles.1a2b3c4d.js'), code);
  await writeFile(
    path.join(dir, 'companion-remote.json'),
    JSON.stringify({
      name,
      version,
      contract: options.contract ?? '1.0.0',
      builtAt: options.builtAt ?? new Date().toISOString(),
      ...(options.routes ? { routes: options.routes } : {}),
    }),
  );
  if (options.server !== undefined) {
    await mkdir(path.join(dir, 'server'), { recursive: true });
    await writeFile(path.join(dir, 'server', 'first-screen.mjs'), options.server);
  }
  return dir;
}

/** A fake repo root with `remotes/<name>/package.json` for each name. */
export async function writeFakeRepo(root: string, remotes: Record<string, string>): Promise<string> {
  for (const [name, version] of Object.entries(remotes)) {
    await mkdir(path.join(root, 'remotes', name), { recursive: true });
    await writeFile(
      path.join(root, 'remotes', name, 'package.json'),
      JSON.stringify({ name: `@companion/${name}`, version }),
    );
  }
  return root;
}
