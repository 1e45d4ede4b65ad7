import { EmbeddedImageEngine } from './embedded-image-engine.ts';
import { HttpImageEngine } from './http-image-engine.ts';
import type { ImageEngine } from './image-engine.ts';

/**
 * Picks the engine from the environment: `IMAGE_ENGINE_URL` selects the external generator
 * (`IMAGE_ENGINE_API_KEY`, `IMAGE_ENGINE_TIMEOUT_MS` optional); otherwise the embedded painter.
 */
export function createImageEngine(env: NodeJS.ProcessEnv = process.env): ImageEngine {
  const baseUrl = env.IMAGE_ENGINE_URL;
  if (!baseUrl) return new EmbeddedImageEngine();
  const timeout = Number(env.IMAGE_ENGINE_TIMEOUT_MS);
  return new HttpImageEngine({
    baseUrl,
    apiKey: env.IMAGE_ENGINE_API_KEY,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined,
  });
}
