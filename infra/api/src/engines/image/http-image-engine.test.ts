import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageEngine } from './create-image-engine.ts';
import { EmbeddedImageEngine, specsForBatch } from './embedded-image-engine.ts';
import { HttpImageEngine, ImageEngineError } from './http-image-engine.ts';

// A local stand-in for an external generator: answers by the `mode` in the request spec seed.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const received: { authorization: string | undefined; body: { prompt: string; spec: { seed: string } } }[] =
  [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(text) as { prompt: string; spec: { seed: string } };
      received.push({ authorization: request.headers.authorization, body });
      if (request.url !== '/v1/generate') response.writeHead(404).end();
      else if (body.spec.seed.startsWith('fail')) response.writeHead(503).end('busy');
      else if (body.spec.seed.startsWith('html'))
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
      else response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('HttpImageEngine', () => {
  it('should post the spec and a prompt with the API key and keep the returned bytes', async () => {
    const engine = new HttpImageEngine({ baseUrl, apiKey: 'k-123' });
    const images = await engine.generateBatch({ seed: 'ok', count: 2, style: 'anime', prompt: 'on a beach' });
    expect(images).toHaveLength(2);
    expect(images[0]!.contentType).toBe('image/png');
    expect(images[0]!.body?.equals(PNG)).toBe(true);
    const last = received.at(-1)!;
    expect(last.authorization).toBe('Bearer k-123');
    expect(last.body.prompt).toBe('on a beach');
    expect(last.body.spec.seed).toBe('ok:1');
  });

  it('should describe the spec in the prompt when none is given', async () => {
    const engine = new HttpImageEngine({ baseUrl });
    await engine.render(specsForBatch({ seed: 'ok2', count: 1, style: 'realistic', hairColor: 'red' })[0]!);
    expect(received.at(-1)!.body.prompt).toContain('red');
    expect(received.at(-1)!.authorization).toBeUndefined();
  });

  it('should fail with ImageEngineError on an error status', async () => {
    const engine = new HttpImageEngine({ baseUrl });
    await expect(engine.generateBatch({ seed: 'fail', count: 1, style: 'anime' })).rejects.toMatchObject({
      name: 'ImageEngineError',
      status: 503,
    });
  });

  it('should refuse a non-image content type', async () => {
    const engine = new HttpImageEngine({ baseUrl });
    await expect(engine.generateBatch({ seed: 'html', count: 1, style: 'anime' })).rejects.toBeInstanceOf(
      ImageEngineError,
    );
  });

  it('should fail with ImageEngineError when the generator is unreachable', async () => {
    const engine = new HttpImageEngine({ baseUrl: 'http://127.0.0.1:9/', timeoutMs: 2000 });
    await expect(engine.generateBatch({ seed: 'ok', count: 1, style: 'anime' })).rejects.toMatchObject({
      status: null,
    });
  });

  it('should draw previews locally without calling the generator', async () => {
    const before = received.length;
    const engine = new HttpImageEngine({ baseUrl });
    const spec = { ...specsForBatch({ seed: 'p', count: 1, style: 'anime' })[0]!, preview: true };
    const image = await engine.render(spec);
    expect(image.contentType).toBe('image/svg+xml');
    expect(received.length).toBe(before);
  });
});

describe('createImageEngine', () => {
  it('should pick the embedded engine without IMAGE_ENGINE_URL and the adapter with it', () => {
    expect(createImageEngine({})).toBeInstanceOf(EmbeddedImageEngine);
    expect(createImageEngine({ IMAGE_ENGINE_URL: 'http://127.0.0.1:1' })).toBeInstanceOf(HttpImageEngine);
  });
});
