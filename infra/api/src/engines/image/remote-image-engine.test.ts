import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a1111Api } from './a1111-api.ts';
import { createImageEngine } from './create-image-engine.ts';
import { EmbeddedImageEngine, specsForBatch } from './embedded-image-engine.ts';
import { openAiImagesApi } from './openai-images-api.ts';
import { ImageEngineError, RemoteImageEngine } from './remote-image-engine.ts';

// Local stand-ins for the two published APIs: the request and answer shapes of the OpenAI Images API and of the
// AUTOMATIC1111 web UI (`--api`), their error bodies, and a generator that never answers (a prompt with "hang").
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
interface Received {
  url: string | undefined;
  authorization: string | undefined;
  body: Record<string, unknown>;
}
const received: Received[] = [];
let server: http.Server;
let base: string;

function answer(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      received.push({ url: request.url, authorization: request.headers.authorization, body });
      const prompt = String(body.prompt ?? '');
      if (prompt.includes('hang')) return; // never answers
      if (request.url === '/v1/images/generations') {
        if (request.headers.authorization !== 'Bearer sk-test')
          return answer(response, 401, {
            error: {
              message: 'Incorrect API key provided.',
              type: 'invalid_request_error',
              param: null,
              code: 'invalid_api_key',
            },
          });
        if (prompt.includes('refuse'))
          return answer(response, 400, {
            error: {
              message: 'Your request was rejected by the safety system.',
              type: 'invalid_request_error',
              param: null,
              code: 'content_policy_violation',
            },
          });
        const image = prompt.includes('not-an-image') ? Buffer.from('<html>') : PNG;
        if (body.response_format !== 'b64_json')
          return answer(response, 200, { created: 1, data: [{ url: 'https://example.invalid/x.png' }] });
        return answer(response, 200, { created: 1, data: [{ b64_json: image.toString('base64') }] });
      }
      if (request.url === '/sdapi/v1/txt2img') {
        if (typeof body.prompt !== 'string')
          return answer(response, 422, {
            detail: [{ loc: ['body', 'prompt'], msg: 'field required', type: 'value_error.missing' }],
          });
        if (prompt.includes('oom'))
          return answer(response, 500, {
            error: 'OutOfMemoryError',
            detail: '',
            body: '',
            errors: 'CUDA out of memory. Tried to allocate 2.00 GiB',
          });
        return answer(response, 200, { images: [JPEG.toString('base64')], parameters: body, info: '{}' });
      }
      answer(response, 404, { detail: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const openai = (options: { baseUrl?: string; apiKey?: string; timeoutMs?: number } = {}) =>
  new RemoteImageEngine({
    baseUrl: options.baseUrl ?? base,
    api: openAiImagesApi('stable-diffusion'),
    apiKey: options.apiKey ?? 'sk-test',
    timeoutMs: options.timeoutMs,
  });
const a1111 = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
  new RemoteImageEngine({
    baseUrl: base,
    api: a1111Api(20),
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs,
  });

describe('RemoteImageEngine with the OpenAI Images API', () => {
  it('should post the published body with the bearer key and keep the b64_json image', async () => {
    const images = await openai().generateBatch({
      seed: 'ok',
      count: 2,
      style: 'anime',
      prompt: 'on a beach',
    });
    expect(images).toHaveLength(2);
    expect(images[0]!.contentType).toBe('image/png');
    expect(images[0]!.body?.equals(PNG)).toBe(true);
    const last = received.at(-1)!;
    expect(last.url).toBe('/v1/images/generations');
    expect(last.authorization).toBe('Bearer sk-test');
    expect(last.body).toMatchObject({
      model: 'stable-diffusion',
      n: 1,
      size: '512x768',
      response_format: 'b64_json',
    });
    expect(last.body.prompt).toMatch(/^on a beach, anime illustration of an adult woman/);
  });

  it('should reach /v1/images/generations from a base URL that already ends with /v1', async () => {
    await openai({ baseUrl: `${base}/v1` }).generateBatch({ seed: 'v1', count: 1, style: 'realistic' });
    expect(received.at(-1)!.url).toBe('/v1/images/generations');
  });

  it("should fail with the generator's own message and status on an error body", async () => {
    const failure = openai().generateBatch({ seed: 'r', count: 1, style: 'anime', prompt: 'refuse' });
    await expect(failure).rejects.toBeInstanceOf(ImageEngineError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: 'openai image generator answered 400: Your request was rejected by the safety system.',
    });
    await expect(
      openai({ apiKey: 'wrong' }).generateBatch({ seed: 'k', count: 1, style: 'anime' }),
    ).rejects.toMatchObject({
      status: 401,
    });
  });

  it('should refuse an answer whose bytes are not an image', async () => {
    await expect(
      openai().generateBatch({ seed: 'h', count: 1, style: 'anime', prompt: 'not-an-image' }),
    ).rejects.toThrow('not an image');
  });
});

describe('RemoteImageEngine with the AUTOMATIC1111 API', () => {
  it('should post txt2img with the size, steps, negative prompt and a seed from the spec, and decode the image', async () => {
    const [image] = await a1111().generateBatch({
      seed: 'sd',
      count: 1,
      style: 'realistic',
      hairColor: 'red',
    });
    expect(image!.contentType).toBe('image/jpeg');
    expect(image!.body?.equals(JPEG)).toBe(true);
    const last = received.at(-1)!;
    expect(last.url).toBe('/sdapi/v1/txt2img');
    expect(last.authorization).toBeUndefined();
    expect(last.body).toMatchObject({ width: 512, height: 768, steps: 20, batch_size: 1, n_iter: 1 });
    expect(last.body.prompt).toContain('red');
    expect(last.body.negative_prompt).toContain('watermark');
    const seed = last.body.seed as number;
    expect(Number.isInteger(seed) && seed >= 0).toBe(true);
    // The same batch seed asks for the same picture.
    await a1111().generateBatch({ seed: 'sd', count: 1, style: 'realistic', hairColor: 'red' });
    expect(received.at(-1)!.body.seed).toBe(seed);
  });

  it("should send a user:password key as the web UI's basic auth", async () => {
    await a1111({ apiKey: 'me:secret' }).generateBatch({ seed: 'a', count: 1, style: 'anime' });
    expect(received.at(-1)!.authorization).toBe(`Basic ${Buffer.from('me:secret').toString('base64')}`);
  });

  it("should fail with the web UI's error text", async () => {
    await expect(
      a1111().generateBatch({ seed: 'o', count: 1, style: 'anime', prompt: 'oom' }),
    ).rejects.toMatchObject({
      status: 500,
      message: 'a1111 image generator answered 500: CUDA out of memory. Tried to allocate 2.00 GiB',
    });
  });

  it('should give up after the time-out when the generator never answers', async () => {
    const started = Date.now();
    await expect(
      a1111({ timeoutMs: 300 }).generateBatch({ seed: 't', count: 1, style: 'anime', prompt: 'hang' }),
    ).rejects.toMatchObject({ status: null, message: 'a1111 image generator did not answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('should fail with status null when the generator is unreachable', async () => {
    const engine = new RemoteImageEngine({
      baseUrl: 'http://127.0.0.1:9/',
      api: a1111Api(20),
      timeoutMs: 2000,
    });
    await expect(engine.generateBatch({ seed: 'u', count: 1, style: 'anime' })).rejects.toMatchObject({
      status: null,
    });
  });

  it('should draw previews locally without calling the generator', async () => {
    const before = received.length;
    const spec = { ...specsForBatch({ seed: 'p', count: 1, style: 'anime' })[0]!, preview: true };
    const image = await a1111().render(spec);
    expect(image.contentType).toBe('image/svg+xml');
    expect(received.length).toBe(before);
  });
});

describe('createImageEngine', () => {
  it('should pick the embedded painter without IMAGE_ENGINE_URL and the named API with it', () => {
    expect(createImageEngine({})).toBeInstanceOf(EmbeddedImageEngine);
    expect(createImageEngine({ IMAGE_ENGINE_URL: 'http://127.0.0.1:1' }).name).toBe('openai');
    expect(
      createImageEngine({ IMAGE_ENGINE_URL: 'http://127.0.0.1:1', IMAGE_ENGINE_API: 'a1111' }).name,
    ).toBe('a1111');
  });

  it('should refuse an API it does not speak, naming the variable', () => {
    expect(() =>
      createImageEngine({ IMAGE_ENGINE_URL: 'http://127.0.0.1:1', IMAGE_ENGINE_API: 'generate' }),
    ).toThrow('IMAGE_ENGINE_API must be one of openai, a1111; got "generate".');
  });
});
