import { describe, expect, it } from 'vitest';
import { FIXTURE_FAIL, FIXTURE_SLOW, withTestFixtures } from './fixture-engine.ts';
import type { CompanionEngine, CompanionRequest } from './types.ts';

const inner: CompanionEngine = {
  name: 'inner',
  async *reply() {
    yield 'Hi ';
    yield 'there';
  },
};
const request = (userMessage: string): CompanionRequest => ({
  character: { name: 'Sofia' },
  history: [],
  userMessage,
});

async function collect(engine: CompanionEngine, text: string): Promise<string> {
  let out = '';
  for await (const piece of engine.reply(request(text), new AbortController().signal)) out += piece;
  return out;
}

describe('withTestFixtures', () => {
  it('should pass ordinary messages to the engine unchanged', async () => {
    expect(await collect(withTestFixtures(inner), 'hello')).toBe('Hi there');
  });

  it('should fail a tagged message with an engine error, which the hub refunds', async () => {
    await expect(collect(withTestFixtures(inner), `${FIXTURE_FAIL} hello`)).rejects.toMatchObject({
      code: 'engine_unavailable',
    });
  });

  it("should keep the engine's own summariser, and add none to an engine without one", async () => {
    const summarizing: CompanionEngine = { ...inner, summarize: async () => 'They talked about work.' };
    const wrapped = withTestFixtures(summarizing);
    const input = { character: { name: 'Sofia' }, previous: null, turns: [] };
    expect(await wrapped.summarize?.(input, new AbortController().signal)).toBe('They talked about work.');
    expect(withTestFixtures(inner).summarize).toBeUndefined();
  });

  it('should still write the whole reply when slowed', async () => {
    expect(await collect(withTestFixtures(inner), `${FIXTURE_SLOW} hello`)).toBe('Hi there');
  });
});
