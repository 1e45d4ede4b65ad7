import { a1111Api } from './a1111-api.ts';
import { EmbeddedImageEngine } from './embedded-image-engine.ts';
import type { ImageEngine } from './image-engine.ts';
import { openAiImagesApi } from './openai-images-api.ts';
import { RemoteImageEngine } from './remote-image-engine.ts';

/** The image APIs `IMAGE_ENGINE_API` may name. */
export const IMAGE_APIS = ['openai', 'a1111'] as const;

/**
 * Picks the engine from the environment: `IMAGE_ENGINE_URL` selects an external generator speaking
 * `IMAGE_ENGINE_API` (`openai`, the default: OpenAI Images API; `a1111`: AUTOMATIC1111/Forge), with
 * `IMAGE_ENGINE_API_KEY`, `IMAGE_ENGINE_MODEL` (openai; the server's default when unset), `IMAGE_ENGINE_STEPS` (a1111, default 25),
 * `IMAGE_ENGINE_SIZE` (`512x768`) and `IMAGE_ENGINE_TIMEOUT_MS` (60000); otherwise the embedded painter.
 * An unknown API name stops the start with a message naming the variable.
 */
export function createImageEngine(env: NodeJS.ProcessEnv = process.env): ImageEngine {
  const baseUrl = env.IMAGE_ENGINE_URL?.trim();
  if (!baseUrl) return new EmbeddedImageEngine();
  const apiName = env.IMAGE_ENGINE_API?.trim() || 'openai';
  if (!(IMAGE_APIS as readonly string[]).includes(apiName))
    throw new Error(`IMAGE_ENGINE_API must be one of ${IMAGE_APIS.join(', ')}; got "${apiName}".`);
  const size = /^(\d+)x(\d+)$/.exec(env.IMAGE_ENGINE_SIZE?.trim() ?? '');
  return new RemoteImageEngine({
    baseUrl,
    api:
      apiName === 'a1111'
        ? a1111Api(positive(env.IMAGE_ENGINE_STEPS) ?? 25)
        : openAiImagesApi(env.IMAGE_ENGINE_MODEL?.trim() || null),
    apiKey: env.IMAGE_ENGINE_API_KEY,
    timeoutMs: positive(env.IMAGE_ENGINE_TIMEOUT_MS),
    width: size ? Number(size[1]) : undefined,
    height: size ? Number(size[2]) : undefined,
  });
}

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}
