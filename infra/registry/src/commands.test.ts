import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './commands.ts';
import type { CliContext } from './commands.ts';
import { openStore } from './store.ts';
import { fakeCli } from './testing/fake-cli.ts';
import { tempDir, writeFakeBuild, writeFakeRepo } from './testing/fake-remote.ts';
import type { RemotePackage } from './workspace.ts';

let repo: string;
let out: string[];
let err: string[];
let builds: string[];
let context: CliContext;

async function fakeBuild(pkg: RemotePackage, version: string): Promise<void> {
  builds.push(`${pkg.name}@${version}`);
  await writeFakeBuild(path.join(pkg.dir, 'dist', version), pkg.name, version, {
    code: `render(${JSON.stringify(version)})`,
  });
}

beforeEach(async () => {
  repo = await writeFakeRepo(await tempDir('cli'), { chat: '1.0.0', checkout: '1.4.1' });
  builds = [];
  ({ context, out, err } = fakeCli(repo, {
    build: fakeBuild,
    // Fake builds have no real container; the smoke mount has its own tests (smoke.test.ts).
    smoke: async () => ['./lifecycles'],
  }));
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
});

describe('remote deploy', () => {
  it('should build only the named remote, publish it and print what changed', async () => {
    expect(await runCli(['deploy', 'checkout'], context)).toBe(0);
    expect(builds).toEqual(['checkout@1.4.1']);
    expect(out[0]).toBe('deploy checkout: (none) → 1.4.1');
    expect(out.join('\n')).toMatch(/added {5}4 files, [\d,]+ bytes/);
    expect(out.join('\n')).toContain('manifest  /remotes/checkout/1.4.1/mf-manifest.json');
    expect(err.filter((line) => line.startsWith('warning'))).toEqual([]);

    out.length = 0;
    expect(await runCli(['deploy', 'checkout', '--version', '1.4.2'], context)).toBe(0);
    expect(builds).toEqual(['checkout@1.4.1', 'checkout@1.4.2']);
    expect(out[0]).toBe('deploy checkout: 1.4.1 → 1.4.2');
    const registry = await openStore(context.dataDir).readRegistry();
    expect(Object.keys(registry.remotes)).toEqual(['checkout']);
  });

  it('should say nothing changed when the same build is deployed twice', async () => {
    await runCli(['deploy', 'chat'], context);
    out.length = 0;
    expect(await runCli(['deploy', 'chat'], context)).toBe(0);
    expect(out[0]).toBe('chat 1.0.0 is already live; nothing changed.');
    expect(out[1]).toContain('added     0 files');
  });

  it('should skip the build with --no-build and refuse when there is no build', async () => {
    expect(await runCli(['deploy', 'chat', '--no-build'], context)).toBe(1);
    expect(err.join('\n')).toMatch(
      /No build of chat 1\.0\.0 at remotes\/chat\/dist\/1\.0\.0; run without --no-build/,
    );
    await fakeBuild(
      {
        name: 'chat',
        packageName: '@companion/chat',
        dir: path.join(repo, 'remotes', 'chat'),
        version: '1.0.0',
      },
      '1.0.0',
    );
    builds = [];
    expect(await runCli(['deploy', 'chat', '--no-build'], context)).toBe(0);
    expect(builds).toEqual([]);
  });

  it('should refuse an unknown remote and a non-semver version with a readable message', async () => {
    expect(await runCli(['deploy', 'nope'], context)).toBe(1);
    expect(err.at(-1)).toBe("error: Unknown remote 'nope'. Known remotes: chat, checkout.");
    expect(await runCli(['deploy', 'chat', '--version', 'v2'], context)).toBe(1);
    expect(err.at(-1)).toContain("'v2' is not a semver version");
    expect(builds).toEqual([]);
  });

  it('should refuse a build that speaks another contract major and store nothing', async () => {
    context.build = async (pkg, version) => {
      await writeFakeBuild(path.join(pkg.dir, 'dist', version), pkg.name, version, { contract: '2.0.0' });
    };
    expect(await runCli(['deploy', 'chat'], context)).toBe(1);
    expect(err.at(-1)).toMatch(
      /^error: chat 1\.0\.0 was built against contract 2\.0\.0 but the shell speaks .*nothing was deployed/,
    );
    const store = openStore(context.dataDir);
    expect(await store.versions('chat')).toEqual([]);
    expect((await store.readRegistry()).remotes['chat']).toBeUndefined();
  });

  it('should refuse a build whose manifest names an entry or exposed chunk that is missing', async () => {
    context.build = async (pkg, version) => {
      const dir = await writeFakeBuild(path.join(pkg.dir, 'dist', version), pkg.name, version);
      await rm(path.join(dir, 'remoteEntry.js'));
    };
    expect(await runCli(['deploy', 'chat'], context)).toBe(1);
    expect(err.at(-1)).toMatch(/lacks remoteEntry\.js, which its mf-manifest\.json names/);
    context.build = async (pkg, version) => {
      const dir = await writeFakeBuild(path.join(pkg.dir, 'dist', version), pkg.name, version);
      const manifestFile = path.join(dir, 'mf-manifest.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
      manifest.exposes = [{ name: 'lifecycles', assets: { js: { sync: ['gone.1234.js'], async: [] } } }];
      await writeFile(manifestFile, JSON.stringify(manifest));
    };
    expect(await runCli(['deploy', 'chat', '--version', '1.0.1'], context)).toBe(1);
    expect(err.at(-1)).toMatch(/lacks gone\.1234\.js/);
    expect(await openStore(context.dataDir).versions('chat')).toEqual([]);
  });

  it('should refuse different content under a version that is already stored', async () => {
    await runCli(['deploy', 'chat'], context);
    context.build = async (pkg, version) => {
      await writeFakeBuild(path.join(pkg.dir, 'dist', version), pkg.name, version, { code: 'changed()' });
    };
    expect(await runCli(['deploy', 'chat'], context)).toBe(1);
    expect(err.at(-1)).toMatch(/already published with different content/);
  });
});

describe('remote rollback, history and status', () => {
  beforeEach(async () => {
    await runCli(['deploy', 'checkout'], context);
    await runCli(['deploy', 'checkout', '--version', '1.4.2'], context);
    out.length = 0;
  });

  it('should roll back to the previous version by default and print it', async () => {
    expect(await runCli(['rollback', 'checkout'], context)).toBe(0);
    expect(out[0]).toBe('rollback checkout: 1.4.2 → 1.4.1');
    expect(out[1]).toContain('added     0 files');
    expect(out.join('\n')).toContain('/remotes/checkout/1.4.1/mf-manifest.json');
  });

  it('should roll back to --to and refuse a version that was never published', async () => {
    expect(await runCli(['rollback', 'checkout', '--to', '1.4.1'], context)).toBe(0);
    expect(await runCli(['rollback', 'checkout', '--to', '1.3.0'], context)).toBe(1);
    expect(err.at(-1)).toBe('error: checkout 1.3.0 is not in the store (stored: 1.4.2, 1.4.1).');
    expect(await runCli(['rollback', 'ghost'], context)).toBe(1);
  });

  it('should list history oldest first with the live version', async () => {
    await runCli(['rollback', 'checkout', '--by', 'cli:alice'], context);
    out.length = 0;
    expect(await runCli(['history', 'checkout'], context)).toBe(0);
    const user = `cli:${userInfo().username}`;
    expect(out.map((line) => line.replace(/^\S+ {2}/, ''))).toEqual([
      `deploy    (none) → 1.4.1  by ${user}`,
      `deploy    1.4.1 → 1.4.2  by ${user}`,
      'rollback  1.4.2 → 1.4.1  by cli:alice',
      'live: 1.4.1',
    ]);
    expect((await openStore(context.dataDir).history('checkout')).at(-1)?.by).toBe('cli:alice');
  });

  it('should start, show and end a canary beside the live version, recorded with who', async () => {
    expect(
      await runCli(['canary', 'checkout', '--to', '1.4.1', '--percent', '10', '--by', 'cli:bob'], context),
    ).toBe(0);
    expect(out[0]).toBe('canary checkout: 1.4.1 to 10% of visitors (live stays 1.4.2)');
    const entry = (await openStore(context.dataDir).readRegistry()).remotes['checkout']!;
    expect(entry).toMatchObject({ version: '1.4.2', canary: { version: '1.4.1', percent: 10 } });
    expect(entry.canary?.integrity).toMatch(/^sha384-/);
    for (const bad of [['--percent', '0'], ['--percent', '100'], ['--percent', 'x'], []]) {
      expect(await runCli(['canary', 'checkout', '--to', '1.4.1', ...bad], context)).toBe(1);
    }
    expect(await runCli(['canary', 'checkout', '--to', '1.4.2', '--percent', '5'], context)).toBe(1);
    expect(await runCli(['canary', 'checkout', '--end', '--by', 'cli:bob'], context)).toBe(0);
    expect((await openStore(context.dataDir).readRegistry()).remotes['checkout']?.canary).toBeUndefined();
    const records = await openStore(context.dataDir).history('checkout');
    expect(records.slice(-2)).toMatchObject([
      { action: 'canary', from: '1.4.2', to: '1.4.1', percent: 10, by: 'cli:bob' },
      { action: 'canary', from: '1.4.2', to: '1.4.2', percent: 0, by: 'cli:bob' },
    ]);
    // A canary record never becomes the default rollback target.
    out.length = 0;
    expect(await runCli(['rollback', 'checkout'], context)).toBe(0);
    expect(out[0]).toBe('rollback checkout: 1.4.2 → 1.4.1');
  });

  it('should show every workspace remote in status', async () => {
    expect(await runCli(['status'], context)).toBe(0);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^chat\s+not deployed {2}stored: \(none\)$/);
    expect(out[1]).toMatch(
      /^checkout\s+live 1\.4\.2\s+contract 1 {2}\/remotes\/checkout\/1\.4\.2\/mf-manifest\.json {2}stored: 1\.4\.2, 1\.4\.1$/,
    );
  });

  it('should answer usage errors with exit code 2', async () => {
    expect(await runCli([], context)).toBe(2);
    expect(await runCli(['deploy'], context)).toBe(2);
    expect(await runCli(['promote', 'chat'], context)).toBe(2);
    expect(await runCli(['deploy', 'chat', '--force'], context)).toBe(2);
    expect(err.join('\n')).toContain('Usage: pnpm remote <command>');
  });
});

describe('cli entry', () => {
  it('should exit non-zero with a readable message when run as a process', async () => {
    const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.ts');
    const tsx = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.bin/tsx');
    const run = promisify(execFile)(tsx, [cli, 'rollback', 'not-a-remote'], {
      env: { ...process.env, DATA_DIR: context.dataDir },
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("error: Unknown remote 'not-a-remote'"),
    });
  });
});
