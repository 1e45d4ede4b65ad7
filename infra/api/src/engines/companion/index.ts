// Picks the companion engine from the environment.

import { createOpenAiEngine } from './openai-engine.ts';
import { createPersonaEngine } from './persona-engine.ts';
import type { CompanionEngine } from './types.ts';

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
 * `COMPANION_API_URL` set → the OpenAI-compatible adapter (`COMPANION_MODEL`, `COMPANION_API_KEY`,
 * `COMPANION_CONNECT_TIMEOUT_MS`, `COMPANION_IDLE_TIMEOUT_MS`); otherwise the embedded persona engine.
 */
export function createCompanionEngine(env: NodeJS.ProcessEnv = process.env): CompanionEngine {
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
