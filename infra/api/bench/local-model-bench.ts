// The local-model engine under load (ADR 0360): first text, tokens per second and queue wait at 1 and 10
// concurrent chats, and how late the event loop runs while the model generates (hubs and HTTP share it).
// The model is the tiny random-weight GGUF of the tests unless COMPANION_MODEL_PATH names a real one; its numbers
// measure the plumbing (template, slots, queue, streaming), not a real model's speed. Printed, never asserted.
// Run: pnpm --filter @companion/api run bench:local-model
//   (LOCAL_BENCH_ROUNDS, 3; LOCAL_BENCH_TOKENS, 64; COMPANION_MODEL_THREADS, 1; COMPANION_MODEL_SLOTS, 2)

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLlamaEngine } from '../src/engines/companion/llama-engine.ts';
import type { LlamaReplyStats } from '../src/engines/companion/llama-engine.ts';
import { tinyGgufPath } from '../src/engines/companion/tiny-gguf.ts';
import type { CompanionRequest } from '../src/engines/companion/types.ts';

const ROUNDS = Number(process.env.LOCAL_BENCH_ROUNDS ?? 3);
const TOKENS = Number(process.env.LOCAL_BENCH_TOKENS ?? 64);
const THREADS = Number(process.env.COMPANION_MODEL_THREADS ?? 1);
const SLOTS = Number(process.env.COMPANION_MODEL_SLOTS ?? 2);
const modelPath = process.env.COMPANION_MODEL_PATH?.trim() || (await tinyGgufPath());

const stats: LlamaReplyStats[] = [];
const loadStarted = performance.now();
const engine = createLlamaEngine({
  modelPath,
  threads: THREADS,
  slots: SLOTS,
  queue: 16,
  maxTokens: TOKENS,
  onReply: (s) => stats.push(s),
});
await engine.ready();
const loadMs = performance.now() - loadStarted;

const request: CompanionRequest = {
  character: {
    name: 'Sofia',
    age: 24,
    occupation: 'nurse',
    hobbies: ['yoga', 'hiking'],
    connectionType: 'friend',
  },
  history: [
    { sender: 'user', text: 'Hi Sofia, how are you?' },
    { sender: 'character', text: 'Hey! Pretty good, just got back from a run. You?' },
  ],
  userMessage: 'I had a rough day at work, my boss yelled at me.',
};

async function drain(): Promise<void> {
  for await (const piece of engine.reply(request, new AbortController().signal)) void piece;
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (value: number): string => `${value.toFixed(0)} ms`;

await drain(); // warm-up
console.log(
  `Local model bench: ${modelPath.split('/').at(-1)}, load ${ms(loadMs)}, ${THREADS} thread(s), ${SLOTS} slots, ` +
    `${TOKENS} tokens a reply, ${ROUNDS} rounds`,
);
console.log(
  '| chats | first text p50 | first text p95 | tok/s per chat | tok/s total | queue wait p50 | queue wait max | loop delay p99 | loop delay max |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const chats of [1, 10]) {
  stats.length = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) await Promise.all(Array.from({ length: chats }, drain));
  const wallMs = performance.now() - started;
  loop.disable();
  const first = stats.map((s) => s.firstTextMs ?? s.durationMs);
  const waits = stats.map((s) => s.queueWaitMs);
  const perChat = stats.map((s) => s.tokens / ((s.durationMs - s.queueWaitMs) / 1000));
  const tokens = stats.reduce((sum, s) => sum + s.tokens, 0);
  console.log(
    `| ${chats} | ${ms(percentile(first, 50))} | ${ms(percentile(first, 95))} | ${percentile(perChat, 50).toFixed(1)} | ` +
      `${(tokens / (wallMs / 1000)).toFixed(1)} | ${ms(percentile(waits, 50))} | ${ms(Math.max(...waits))} | ` +
      `${ms(loop.percentile(99) / 1e6)} | ${ms(loop.max / 1e6)} |`,
  );
}
await engine.close();
