import path from 'node:path';
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './commands.ts';
import type { CliContext } from './commands.ts';
import { openStore } from './store.ts';
import { fakeCli } from './testing/fake-cli.ts';
import { tempDir, writeFakeBuild, writeFakeRepo } from './testing/fake-remote.ts';

// What each fake build of a remote claims, by version (ADR 0235).
const CLAIMS: Record<string, string[]> = {
  'gallery@1.0.0': ['/gallery'],
  'funnels@1.0.0': ['/quiz-fb'],
  'funnels@1.1.0': ['/quiz-fb', '/quiz-new'],
  'funnels@1.2.0': ['/quiz-fb', '/gallery'],
  'funnels@1.3.0': ['/quiz-fb', '/legal/privacy-policy'],
  'funnels@1.4.0': ['/quiz-fb', 'quiz-bad/'],
};

let repo: string;
let out: string[];
let err: string[];
let context: CliContext;

beforeEach(async () => {
  repo = await writeFakeRepo(await tempDir('claims'), { gallery: '1.0.0', funnels: '1.0.0' });
  ({ context, out, err } = fakeCli(repo, {
    build: async (pkg, version) => {
      await writeFakeBuild(path.join(pkg.dir, 'dist', version), pkg.name, version, {
        code: `render(${JSON.stringify(version)})`,
        routes: CLAIMS[`${pkg.name}@${version}`] ?? [],
      });
    },
    // Fake builds have no real container (the smoke mount has its own tests).
    smoke: async () => [],
  }));
  expect(await runCli(['deploy', 'gallery'], context)).toBe(0);
  expect(await runCli(['deploy', 'funnels'], context)).toBe(0);
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
});

const liveRoutes = async (name: string) =>
  (await openStore(context.dataDir).readRegistry()).remotes[name]?.routes;

describe('route claims at deploy', () => {
  it('should copy the build’s claims into the registry entry and restore the old ones on rollback', async () => {
    expect(await liveRoutes('gallery')).toEqual(['/gallery']);
    expect(await runCli(['deploy', 'funnels', '--version', '1.1.0'], context)).toBe(0);
    expect(await liveRoutes('funnels')).toEqual(['/quiz-fb', '/quiz-new']);
    expect(out.join('\n')).toContain('routes    /quiz-fb /quiz-new');
    expect(await runCli(['rollback', 'funnels'], context)).toBe(0);
    expect(await liveRoutes('funnels')).toEqual(['/quiz-fb']);
  });

  it('should refuse a path another remote owns, naming both, and store nothing', async () => {
    expect(await runCli(['deploy', 'funnels', '--version', '1.2.0'], context)).toBe(1);
    expect(err.at(-1)).toBe(
      "error: funnels claims '/gallery', which gallery already owns ('/gallery'); a path has one owner.\nNothing was made live; change companion.routes in funnels's package.json.",
    );
    const store = openStore(context.dataDir);
    expect(await store.versions('funnels')).toEqual(['1.0.0']);
    expect(await liveRoutes('funnels')).toEqual(['/quiz-fb']);
  });

  it('should refuse the conflict at the flip too (a store used without the CLI)', async () => {
    const store = openStore(context.dataDir);
    const dir = await writeFakeBuild(path.join(repo, 'out', '1.2.0'), 'funnels', '1.2.0', {
      routes: ['/gallery'],
    });
    await store.publish('funnels', dir);
    await expect(store.setLive('funnels', '1.2.0')).rejects.toMatchObject({ code: 'route_conflict' });
    expect((await store.readRegistry()).remotes['funnels']?.version).toBe('1.0.0');
  });

  it('should refuse shell and legal pages and patterns that are not routes', async () => {
    expect(await runCli(['deploy', 'funnels', '--version', '1.3.0'], context)).toBe(1);
    expect(err.join('\n')).toContain("'/legal/privacy-policy' is the shell's own page");
    expect(await runCli(['deploy', 'funnels', '--version', '1.4.0'], context)).toBe(1);
    expect(err.join('\n')).toContain("claims 'quiz-bad/', which is not a route pattern");
    expect(await openStore(context.dataDir).versions('funnels')).toEqual(['1.0.0']);
  });

  it('should refuse a rollback that would take back a path another remote owns now', async () => {
    // funnels 1.1.0 claims /quiz-new; roll back to 1.0.0, then gallery claims /quiz-new, then funnels rolls forward.
    expect(await runCli(['deploy', 'funnels', '--version', '1.1.0'], context)).toBe(0);
    expect(await runCli(['rollback', 'funnels'], context)).toBe(0);
    CLAIMS['gallery@1.1.0'] = ['/gallery', '/quiz-new'];
    expect(await runCli(['deploy', 'gallery', '--version', '1.1.0'], context)).toBe(0);
    expect(await runCli(['rollback', 'funnels', '--to', '1.1.0'], context)).toBe(1);
    expect(err.at(-1)).toContain("funnels claims '/quiz-new', which gallery already owns ('/quiz-new')");
    expect(await liveRoutes('funnels')).toEqual(['/quiz-fb']);
  });
});
