// The local-model engine on a tiny random-weight GGUF written at test time (tiny-gguf.ts): the real library, binary,
// chat template and queue; the replies themselves are noise.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanionEngine } from './index.ts';
import { createLlamaEngine } from './llama-engine.ts';
import type { LlamaEngine, LlamaReplyStats } from './llama-engine.ts';
import { tinyGgufPath } from './tiny-gguf.ts';
import type { CompanionRequest } from './types.ts';

const request: CompanionRequest = {
  character: { name: 'Sofia', age: 24, occupation: 'nurse', hobbies: ['yoga'] },
  history: [
    { sender: 'user', text: 'Hi Sofia' },
    { sender: 'character', text: 'Hey you! How was your day?' },
  ],
  userMessage: 'I had a rough day at work.',
};

const stats: LlamaReplyStats[] = [];
let modelPath: string;
let engine: LlamaEngine;

beforeAll(async () => {
  modelPath = await tinyGgufPath();
  // Greedy decoding: the random model then never picks its end token, so every reply runs to the limit.
  engine = createLlamaEngine({
    modelPath,
    slots: 1,
    queue: 1,
    maxTokens: 12,
    temperature: 0,
    onReply: (s) => stats.push(s),
  });
  await engine.ready();
}, 60_000);

afterAll(async () => {
  await engine?.close();
});

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of iterable) pieces.push(piece);
  return pieces;
}

describe('createLlamaEngine', () => {
  it('should load the GGUF and stream a reply in pieces through its chat template', async () => {
    const pieces = await collect(engine.reply(request, new AbortController().signal));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('').length).toBeGreaterThan(0);
    expect(engine.name).toContain('.gguf');
  });

  it('should stop at the token limit', async () => {
    stats.length = 0;
    await collect(engine.reply(request, new AbortController().signal));
    expect(stats[0]!.tokens).toBe(12);
  });

  it('should stop generating at once when the reply is cancelled', async () => {
    const long = createLlamaEngine({
      modelPath,
      maxTokens: 2000,
      temperature: 0,
      onReply: (s) => stats.push(s),
    });
    try {
      stats.length = 0;
      const controller = new AbortController();
      const pieces: string[] = [];
      for await (const piece of long.reply(request, controller.signal)) {
        pieces.push(piece);
        controller.abort();
      }
      expect(pieces).toHaveLength(1);
      // The generator returns only once generation has stopped; a few tokens may be in flight, not 2000.
      expect(stats[0]!.tokens).toBeLessThan(10);
    } finally {
      await long.close();
    }
  });

  it('should answer engine_busy when every slot runs and the queue is full', async () => {
    const results = await Promise.allSettled([
      collect(engine.reply(request, new AbortController().signal)),
      collect(engine.reply(request, new AbortController().signal)),
      collect(engine.reply(request, new AbortController().signal)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({
      name: 'CompanionEngineError',
      code: 'engine_busy',
    });
  });

  it('should drop a waiting reply from the queue when it is cancelled before its turn', async () => {
    stats.length = 0;
    const first = collect(engine.reply(request, new AbortController().signal));
    const controller = new AbortController();
    const second = collect(engine.reply(request, controller.signal));
    controller.abort();
    expect(await second).toEqual([]);
    await first;
    // Only the first reply reached the model.
    expect(stats).toHaveLength(1);
  });

  it('should write a summary with the same model', async () => {
    const summary = await engine.summarize!(
      { character: request.character, previous: null, turns: request.history },
      new AbortController().signal,
    );
    expect(typeof summary).toBe('string');
    expect(summary.length).toBeGreaterThan(0);
  });
});

describe('createCompanionEngine with COMPANION_MODEL_PATH', () => {
  it('should pick the local model ahead of COMPANION_API_URL, and report a missing file as engine_unavailable', async () => {
    const picked = createCompanionEngine({
      COMPANION_MODEL_PATH: '/nonexistent/model.gguf',
      COMPANION_API_URL: 'http://127.0.0.1:1/v1',
    }) as LlamaEngine;
    expect(picked.name).toBe('local(model.gguf)');
    await expect(picked.ready()).rejects.toMatchObject({ code: 'engine_unavailable' });
    await expect(collect(picked.reply(request, new AbortController().signal))).rejects.toMatchObject({
      code: 'engine_unavailable',
    });
    await picked.close();
  });
});
