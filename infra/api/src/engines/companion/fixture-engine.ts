// Test fixtures for the chat suites (COMPANION_TEST_FIXTURES=1 only): a message starting with a fixture tag makes
// the engine fail or write slowly, so the browser suites can see a refund and reload in the middle of a reply.
import { CompanionEngineError, type CompanionEngine } from './types.ts';

/** A message starting with this makes the reply fail (the hub refunds it). */
export const FIXTURE_FAIL = '[fixture:fail]';
/** A message starting with this makes the reply stream slowly (about 300 ms a word). */
export const FIXTURE_SLOW = '[fixture:slow]';

const SLOW_WORD_MS = 300;

/** Wraps an engine with the fixture tags; everything else goes to the engine unchanged. */
export function withTestFixtures(engine: CompanionEngine): CompanionEngine {
  return {
    name: `${engine.name}+fixtures`,
    ...(engine.summarize ? { summarize: engine.summarize.bind(engine) } : {}),
    async *reply(request, signal) {
      if (request.userMessage.startsWith(FIXTURE_FAIL))
        throw new CompanionEngineError('engine_unavailable', 'test fixture: the engine fails on purpose');
      const slow = request.userMessage.startsWith(FIXTURE_SLOW);
      for await (const piece of engine.reply(request, signal)) {
        if (slow) await pause(SLOW_WORD_MS, signal);
        if (signal.aborted) return;
        yield piece;
      }
    },
    // The memory service asks the engine's own model for summaries (the local model's); the wrapper keeps that.
    ...(engine.summarize ? { summarize: engine.summarize.bind(engine) } : {}),
  };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
