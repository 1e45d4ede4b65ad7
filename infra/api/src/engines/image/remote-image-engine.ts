// External image generators people run, behind one adapter: the HTTP call, time-out, errors and base64 decoding
// are here; each API (OpenAI Images, AUTOMATIC1111) only says where to post, what to send and where the images are.

import { EmbeddedImageEngine, InTurnImageEngine } from './embedded-image-engine.ts';
import type { BatchRequest, GeneratedImage, PortraitSpec, RenderedImage } from './image-engine.ts';
import { hashString } from './random.ts';

/** Error from the external generator; routes map it to 502 (and refund what was not delivered). */
export class ImageEngineError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ImageEngineError';
  }
}

/** What one generator call needs, in the words of the product. */
export interface ImageCall {
  prompt: string;
  negativePrompt: string;
  width: number;
  height: number;
  /** A 32-bit seed derived from the spec's seed, so a batch is reproducible where the generator honours seeds. */
  seed: number;
}

/** One published image API: its path, request body, and where its answer keeps the base64 images. */
export interface ImageApi {
  readonly name: string;
  /** Path under the base URL (a base URL that already ends with the path's first segment, e.g. `/v1`, keeps it once). */
  readonly path: string;
  body(call: ImageCall): unknown;
  /** Base64 images of a successful answer; an empty list is a bad answer. */
  images(answer: unknown): string[];
  /** The generator's own words from an error body, when it sent any. */
  errorMessage(answer: unknown): string | null;
  /** `Authorization` header value for the configured key. */
  authorization(apiKey: string): string;
}

/** Settings of the external generator adapter (env: IMAGE_ENGINE_URL, IMAGE_ENGINE_API, …). */
export interface RemoteImageEngineOptions {
  /** Base URL of the generator, e.g. http://127.0.0.1:7860. */
  baseUrl: string;
  api: ImageApi;
  apiKey?: string | undefined;
  /** Time allowed for one image, answer read included. Default 60000. */
  timeoutMs?: number | undefined;
  /** Image size asked for. Default 512×768, the embedded painter's portrait. */
  width?: number | undefined;
  height?: number | undefined;
  fetch?: typeof fetch | undefined;
}

const NEGATIVE_PROMPT =
  'lowres, blurry, bad anatomy, extra fingers, deformed face, text, watermark, signature';

/**
 * Calls the generator once per image of a batch. The bytes are kept (an external result cannot be re-rendered
 * from its spec); previews of locked content still come from the embedded painter, which leaks nothing.
 */
export class RemoteImageEngine extends InTurnImageEngine {
  readonly name: string;
  private readonly embedded = new EmbeddedImageEngine();
  private readonly fetchImpl: typeof fetch;
  private readonly endpoint: URL;

  constructor(private readonly options: RemoteImageEngineOptions) {
    super();
    this.name = options.api.name;
    this.fetchImpl = options.fetch ?? fetch;
    this.endpoint = endpointOf(options.baseUrl, options.api.path);
  }

  async render(spec: PortraitSpec): Promise<RenderedImage> {
    if (spec.preview) return this.embedded.render(spec);
    return this.call(spec, undefined);
  }

  // One at a time (the base class): generators are usually single-GPU queues; each image is handed on as it arrives.
  protected async draw(spec: PortraitSpec, request: BatchRequest): Promise<GeneratedImage> {
    return { spec, ...(await this.call(spec, request.prompt)) };
  }

  private async call(spec: PortraitSpec, prompt: string | undefined): Promise<RenderedImage> {
    const { api, apiKey } = this.options;
    const timeoutMs = this.options.timeoutMs ?? 60_000;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (apiKey) headers.authorization = api.authorization(apiKey);
    const body = api.body({
      prompt: prompt ? `${prompt}, ${describe(spec)}` : describe(spec),
      negativePrompt: NEGATIVE_PROMPT,
      width: this.options.width ?? 512,
      height: this.options.height ?? 768,
      seed: seedOf(spec.seed),
    });
    let status: number | null = null;
    let answer: unknown;
    try {
      const response = await this.fetchImpl(this.endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      const text = await response.text();
      try {
        answer = JSON.parse(text) as unknown;
      } catch {
        answer = null;
      }
      if (!response.ok) {
        const said = api.errorMessage(answer) ?? text.slice(0, 200);
        throw new ImageEngineError(`${api.name} image generator answered ${status}: ${said}`, status);
      }
    } catch (error) {
      if (error instanceof ImageEngineError) throw error;
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new ImageEngineError(
        timedOut
          ? `${api.name} image generator did not answer within ${timeoutMs} ms`
          : `${api.name} image generator unreachable: ${(error as Error).message}`,
        status,
      );
    }
    const encoded = api.images(answer)[0];
    if (!encoded) throw new ImageEngineError(`${api.name} image generator sent no image`, status);
    const bytes = Buffer.from(encoded.replace(/^data:[^,]*,/, ''), 'base64');
    const contentType = sniff(bytes);
    if (!contentType)
      throw new ImageEngineError(`${api.name} image generator sent bytes that are not an image`, status);
    return { contentType, body: bytes };
  }
}

/** A plain-language prompt for generators that take text. */
export function describe(spec: PortraitSpec): string {
  return `${spec.style === 'anime' ? 'anime illustration' : 'photorealistic photo'} of an adult woman, ${spec.ethnicity}, ${spec.hairColor} ${spec.hairStyle} hair, ${spec.eyeColor} eyes, ${spec.bodyType} build, ${spec.outfit ? `wearing ${spec.outfit === 'evening' ? 'an evening gown' : `${spec.outfit} clothes`}, ` : ''}${spec.pose} shot, ${spec.background} background`;
}

function endpointOf(baseUrl: string, apiPath: string): URL {
  const base = new URL(baseUrl.replace(/\/?$/, '/'));
  const segments = apiPath.replace(/^\//, '').split('/');
  // `https://api.openai.com/v1` and `http://localai:8080` both reach `/v1/images/generations`.
  if (base.pathname.replace(/\/$/, '').endsWith(`/${segments[0]}`)) segments.shift();
  return new URL(segments.join('/'), base);
}

function seedOf(seed: string): number {
  // The painter's hash: the same batch seed asks for the same picture. A1111 reads -1 as "random"; a positive
  // 31-bit seed is accepted by every generator.
  return hashString(seed) & 0x7fffffff;
}

function sniff(bytes: Buffer): string | null {
  if (bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length > 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return null;
}
