// The OpenAI Images API (`POST /v1/images/generations`), as OpenAI, LocalAI and other servers serve it.

import type { ImageApi, ImageCall } from './remote-image-engine.ts';

interface Answer {
  data?: Array<{ b64_json?: string }>;
  error?: { message?: string };
}

/**
 * `model` is sent when configured (`IMAGE_ENGINE_MODEL`; OpenAI then defaults to its own, LocalAI to its first);
 * images come back as `b64_json`, never as URLs to fetch.
 */
export function openAiImagesApi(model: string | null): ImageApi {
  return {
    name: 'openai',
    path: '/v1/images/generations',
    body: (call: ImageCall) => ({
      ...(model ? { model } : {}),
      prompt: call.prompt,
      n: 1,
      size: `${call.width}x${call.height}`,
      response_format: 'b64_json',
    }),
    images: (answer) =>
      ((answer as Answer | null)?.data ?? []).flatMap((item) => (item.b64_json ? [item.b64_json] : [])),
    errorMessage: (answer) => (answer as Answer | null)?.error?.message ?? null,
    authorization: (apiKey) => `Bearer ${apiKey}`,
  };
}
