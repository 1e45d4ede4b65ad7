import { appendFile, cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { createRemoteConfig } from '@companion/build-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliContext } from './commands.ts';
import { smokeMount } from './smoke.ts';
import { openStore } from './store.ts';
import { fakeCli } from './testing/fake-cli.ts';
import { tempDir, writeFakeRepo } from './testing/fake-remote.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let root: string;
let throwing: string;
let gallery: string;

/** Builds a remote's federation container for production into `<root>/<label>`, as `pnpm run build` does. */
async function build(label: string, dir: string, version?: string): Promise<string> {
  const previous = process.env['REMOTE_VERSION'];
  if (version) process.env['REMOTE_VERSION'] = version;
  try {
    const config = createRemoteConfig({ name: 'gallery', dir, devPort: 0 });
    const out = path.join(root, label);
    config.output = { ...config.output, path: out, clean: true };
    await new Promise<void>((resolve, reject) => {
      rspack(config, (error, stats) => {
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
        else resolve();
      });
    });
    return out;
  } finally {
    if (previous === undefined) delete process.env['REMOTE_VERSION'];
    else process.env['REMOTE_VERSION'] = previous;
  }
}

beforeAll(async () => {
  root = await tempDir('smoke');
  // The e2e fixture whose mount throws, and the real gallery remote.
  throwing = await build(
    'throwing',
    path.join(REPO_ROOT, 'e2e', 'fixtures', 'throwing-remote'),
    '0.0.0-throws',
  );
  gallery = await build('gallery', path.join(REPO_ROOT, 'remotes', 'gallery'));
}, 120_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('smokeMount', () => {
  it('should mount, then unmount, every module a real remote build exposes', async () => {
    expect(await smokeMount('gallery', gallery)).toEqual(['./lifecycles']);
  });

  it('should refuse a build whose mount throws, naming the exposed module, the lifecycle and the error', async () => {
    await expect(smokeMount('gallery', throwing)).rejects.toThrow(
      'gallery: the smoke mount of ./lifecycles failed at mount: fixture remote: throws on mount; nothing was deployed.',
    );
  });

  it('should refuse a build whose entry does not define its container', async () => {
    const broken = path.join(root, 'broken');
    await cp(gallery, broken, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(broken, 'mf-manifest.json'), 'utf8'));
    manifest.metaData.globalName = 'nope';
    await writeFile(path.join(broken, 'mf-manifest.json'), JSON.stringify(manifest));
    await expect(smokeMount('gallery', broken)).rejects.toThrow(/\(container\) failed at load: .*'nope'/);
  });

  it('should close a page whose files are still loading when the check ends', async () => {
    // Under load a stylesheet or chunk the page asked for can still be on its way when the check closes the page;
    // jsdom then aborts every open request, which must be abortable.
    const loading = path.join(root, 'loading');
    await cp(gallery, loading, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(loading, 'mf-manifest.json'), 'utf8'));
    const { name, path: entryPath } = manifest.metaData.remoteEntry;
    await appendFile(
      path.join(loading, entryPath, name),
      // The container's exports are getters, so the check gets a wrapper whose unmount leaves 200 stylesheets loading.
      `\n;(() => {
        const container = window[${JSON.stringify(manifest.metaData.globalName)}];
        window[${JSON.stringify(manifest.metaData.globalName)}] = {
          init: (scope) => container.init(scope),
          get: async (module) => {
            const factory = await container.get(module);
            return () => {
              const lifecycles = factory().default;
              return {
                ...lifecycles,
                unmount: async (props) => {
                  await lifecycles.unmount(props);
                  for (let i = 0; i < 200; i += 1) {
                    const link = document.createElement('link');
                    link.rel = 'stylesheet';
                    link.href = '/mf-manifest.json?' + i;
                    document.head.append(link);
                  }
                },
              };
            };
          },
        };
      })();\n`,
    );
    expect(await smokeMount('gallery', loading)).toEqual(['./lifecycles']);
  });
});

describe('remote deploy with the smoke mount', () => {
  let context: CliContext;
  let err: string[];
  let out: string[];

  beforeAll(async () => {
    const repo = await writeFakeRepo(path.join(root, 'repo'), { gallery: '1.0.0' });
    ({ context, out, err } = fakeCli(repo, {
      // "Building" copies the prepared build of that version into the remote's dist/<version>/.
      build: async (pkg, version) => {
        await cp(version === '0.0.0-throws' ? throwing : gallery, path.join(pkg.dir, 'dist', version), {
          recursive: true,
        });
      },
    }));
  });

  it('should refuse a remote whose mount throws, storing and flipping nothing', async () => {
    expect(await runCli(['deploy', 'gallery', '--version', '0.0.0-throws'], context)).toBe(1);
    expect(err.join('\n')).toContain(
      'error: gallery: the smoke mount of ./lifecycles failed at mount: fixture remote: throws on mount',
    );
    const store = openStore(context.dataDir);
    expect(await store.versions('gallery')).toEqual([]);
    expect((await store.readRegistry()).remotes['gallery']).toBeUndefined();
    expect(await store.history('gallery')).toEqual([]);
  });

  it('should deploy a real build after its smoke mount, and record --skip-smoke in the history', async () => {
    const version = JSON.parse(await readFile(path.join(gallery, 'companion-remote.json'), 'utf8')).version;
    const code = await runCli(['deploy', 'gallery', '--version', version], context);
    expect(err.at(-1)).toMatch(/smoke mount ok: \.\/lifecycles \(\d+ ms\)/);
    expect(code).toBe(0);
    expect(
      await runCli(
        ['deploy', 'gallery', '--version', '0.0.0-throws', '--skip-smoke', '--by', 'sre'],
        context,
      ),
    ).toBe(0);
    const store = openStore(context.dataDir);
    expect((await store.readRegistry()).remotes['gallery']?.version).toBe('0.0.0-throws');
    const records = await store.history('gallery');
    expect(records.map((record) => record.smoke)).toEqual([undefined, 'skipped']);
    out.length = 0;
    expect(await runCli(['history', 'gallery'], context)).toBe(0);
    expect(out[1]).toMatch(/→ 0\.0\.0-throws {2}by sre {2}\(smoke skipped\)$/);
  });
});
