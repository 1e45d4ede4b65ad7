import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../src/store.ts';
import { tempDir, writeFakeBuild } from '../src/testing/fake-remote.ts';

// Prints publish, flip and rollback timings on this machine: `pnpm exec tsx infra/registry/bench/registry-bench.ts`.
// Uses the real explore build when `remotes/explore/dist/1.0.0` exists, else a fake one.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const realBuild = path.join(repoRoot, 'remotes', 'explore', 'dist', '1.0.0');
const root = await tempDir('bench');
const store = openStore(path.join(root, 'data'));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
async function time(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

const source = existsSync(realBuild)
  ? realBuild
  : await writeFakeBuild(path.join(root, 'fake'), 'explore', '1.0.0');
const publish = await time(() => store.publish('explore', source));
const republish = await time(() => store.publish('explore', source));
await store.publish('explore', await writeFakeBuild(path.join(root, 'other'), 'explore', '0.9.0'));
const flips: number[] = [];
for (let i = 0; i < 50; i += 1)
  flips.push(await time(() => store.setLive('explore', i % 2 ? '0.9.0' : '1.0.0')));
const rollbacks: number[] = [];
for (let i = 0; i < 50; i += 1) rollbacks.push(await time(() => store.rollback('explore')));

console.log(`build: ${source === realBuild ? 'real explore 1.0.0' : 'fake'}`);
console.log(`publish (copy + precompress + rename): ${publish.toFixed(0)} ms`);
console.log(`identical republish (digest compare):  ${republish.toFixed(0)} ms`);
console.log(`setLive (lock + atomic write + history), median of 50: ${median(flips).toFixed(1)} ms`);
console.log(`rollback (history lookup + flip), median of 50:       ${median(rollbacks).toFixed(1)} ms`);
await rm(root, { recursive: true, force: true });
