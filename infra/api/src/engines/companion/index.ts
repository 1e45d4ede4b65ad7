// Picks the companion engine from the environment.

import { createLlamaEngine } from './llama-engine.ts';
import { createOpenAiEngine } from './openai-engine.ts';
import { createPersonaEngine } from './persona-engine.ts';
import type { CompanionEngine } from './types.ts';

export { createLlamaEngine } from './llama-engine.ts';
export type { LlamaEngine, LlamaEngineOptions, LlamaReplyStats } from './llama-engine.ts';
export { createOpenAiEngine } from './openai-engine.ts';
export type { OpenAiEngineOptions } from './openai-engine.ts';
export { createPersonaEngine, composeReply } from './persona-engine.ts';
export type { PersonaEngineOptions } from './persona-engine.ts';
export { CompanionEngineError } from './types.ts';
export type {
  CharacterCardFields,
  ChatTurn,
  CompanionCharacter,
  CompanionEngine,
  CompanionErrorCode,
  CompanionMemory,
  CompanionRequest,
  MemoryFact,
  MemoryFactKind,
} from './types.ts';

/**
 * `COMPANION_MODEL_PATH` set → the local GGUF model (`COMPANION_MODEL_THREADS`, `COMPANION_MODEL_SLOTS`,
 * `COMPANION_MODEL_QUEUE`, `COMPANION_MODEL_CONTEXT`, `COMPANION_MODEL_MAX_TOKENS`); it wins over `COMPANION_API_URL`,
 * as a file on this machine is the more deliberate choice (ADR 0380). Else `COMPANION_API_URL` set → the
 * OpenAI-compatible adapter (`COMPANION_MODEL`, `COMPANION_API_KEY`, `COMPANION_CONNECT_TIMEOUT_MS`,
 * `COMPANION_IDLE_TIMEOUT_MS`); otherwise the embedded persona engine.
 */
export function createCompanionEngine(env: NodeJS.ProcessEnv = process.env): CompanionEngine {
  const modelPath = env.COMPANION_MODEL_PATH?.trim();
  if (modelPath) {
    const engine = createLlamaEngine({
      modelPath,
      threads: positive(env.COMPANION_MODEL_THREADS, 1),
      slots: positive(env.COMPANION_MODEL_SLOTS, 2),
      // 0 is a real choice here: no waiting, every reply beyond the slots is engine_busy.
      queue: env.COMPANION_MODEL_QUEUE?.trim() === '0' ? 0 : positive(env.COMPANION_MODEL_QUEUE, 8),
      contextSize: positive(env.COMPANION_MODEL_CONTEXT, 2048),
      maxTokens: positive(env.COMPANION_MODEL_MAX_TOKENS, 200),
    });
    // Loading starts now, so the first chat does not wait for it; an operator sees at start whether it worked.
    const started = performance.now();
    engine.ready().then(
      () => console.log(`Local model ${modelPath} loaded in ${Math.round(performance.now() - started)} ms`),
      (error: unknown) => console.error(`[api] ${(error as Error).message}`),
    );
    return engine;
  }
  const url = env.COMPANION_API_URL?.trim();
  if (!url) return createPersonaEngine();
  return createOpenAiEngine({
    url,
    apiKey: env.COMPANION_API_KEY ?? null,
    model: env.COMPANION_MODEL?.trim() || 'llama3.2',
    connectTimeoutMs: positive(env.COMPANION_CONNECT_TIMEOUT_MS, 15_000),
    idleTimeoutMs: positive(env.COMPANION_IDLE_TIMEOUT_MS, 30_000),
  });
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
