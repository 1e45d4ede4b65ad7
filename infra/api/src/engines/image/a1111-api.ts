// The AUTOMATIC1111 / Forge web UI API (`POST /sdapi/v1/txt2img`, started with `--api`).

import type { ImageApi, ImageCall } from './remote-image-engine.ts';

interface Answer {
  images?: string[];
  /** 500s: `{ error, detail, body, errors }`; 404 and 422 (validation): `{ detail }`. */
  error?: string;
  errors?: string;
  detail?: string | Array<{ msg?: string; loc?: unknown[] }>;
}

/** `steps` per image (`IMAGE_ENGINE_STEPS`); a key `user:password` is sent as the web UI's `--api-auth` basic auth. */
export function a1111Api(steps: number): ImageApi {
  return {
    name: 'a1111',
    path: '/sdapi/v1/txt2img',
    body: (call: ImageCall) => ({
      prompt: call.prompt,
      negative_prompt: call.negativePrompt,
      width: call.width,
      height: call.height,
      steps,
      seed: call.seed,
      batch_size: 1,
      n_iter: 1,
    }),
    images: (answer) => (answer as Answer | null)?.images ?? [],
    errorMessage: (answer) => {
      const body = answer as Answer | null;
      if (!body) return null;
      if (typeof body.detail === 'string' && body.detail) return body.detail;
      if (Array.isArray(body.detail))
        return body.detail.map((item) => `${(item.loc ?? []).join('.')}: ${item.msg ?? ''}`).join('; ');
      return body.errors ?? body.error ?? null;
    },
    authorization: (apiKey) =>
      apiKey.includes(':') ? `Basic ${Buffer.from(apiKey).toString('base64')}` : `Bearer ${apiKey}`,
  };
}
