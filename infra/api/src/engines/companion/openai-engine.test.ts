// The OpenAI-compatible adapter against a local fake endpoint that streams SSE chunks.

import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAiEngine } from './openai-engine.ts';
import { CompanionEngineError } from './types.ts';
import type { CompanionRequest } from './types.ts';

const request: CompanionRequest = {
  character: { name: 'Mia', occupation: 'barista', hobbies: ['surfing'] },
  history: [
    { sender: 'user', text: 'hi' },
    { sender: 'character', text: 'hey you' },
  ],
  userMessage: 'how was work?',
};

let server: Server | null = null;
afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = null;
  }
});

async function fake(
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<string> {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

function chunk(content: string, finish: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
}

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of iterable) out.push(piece);
  return out;
}

describe('OpenAI-compatible engine', () => {
  it('should stream deltas, send the persona and history, and stop at [DONE]', async () => {
    let seen: { model: string; stream: boolean; messages: Array<{ role: string; content: string }> } | null =
      null;
    let auth: string | undefined;
    const url = await fake((req, res, body) => {
      seen = JSON.parse(body) as typeof seen;
      auth = req.headers.authorization;
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      // Split one event across writes to exercise the line buffer.
      const first = chunk('Busy');
      res.write(first.slice(0, 20));
      res.write(first.slice(20));
      res.write(': keep-alive comment\n\n');
      res.write(chunk(', but '));
      res.write(chunk('fun!', 'stop'));
      res.end('data: [DONE]\n\n');
    });
    const engine = createOpenAiEngine({ url, apiKey: 'sk-test', model: 'tiny' });
    expect(await collect(engine.reply(request, new AbortController().signal))).toEqual([
      'Busy',
      ', but ',
      'fun!',
    ]);
    expect(auth).toBe('Bearer sk-test');
    expect(seen!.model).toBe('tiny');
    expect(seen!.stream).toBe(true);
    expect(seen!.messages[0]!.role).toBe('system');
    expect(seen!.messages[0]!.content).toContain('Mia');
    expect(seen!.messages[0]!.content).toContain('barista');
    expect(seen!.messages.slice(1)).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hey you' },
      { role: 'user', content: 'how was work?' },
    ]);
  });

  it('should fail with engine_stream_broken when the stream is cut before it finishes', async () => {
    const url = await fake((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(chunk('Half a '));
      setTimeout(() => res.destroy(), 20);
    });
    const engine = createOpenAiEngine({ url, model: 'tiny' });
    const items: string[] = [];
    const error = await (async () => {
      for await (const piece of engine.reply(request, new AbortController().signal)) items.push(piece);
    })().catch((e: unknown) => e);
    expect(items).toEqual(['Half a ']);
    expect(error).toBeInstanceOf(CompanionEngineError);
    expect((error as CompanionEngineError).code).toBe('engine_stream_broken');
  });

  it('should fail with engine_stream_broken when the body ends cleanly without [DONE] or finish_reason', async () => {
    const url = await fake((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end(chunk('cut'));
    });
    const error = await collect(
      createOpenAiEngine({ url, model: 'tiny' }).reply(request, new AbortController().signal),
    ).catch((e: unknown) => e);
    expect((error as CompanionEngineError).code).toBe('engine_stream_broken');
  });

  it('should report a chunk that is not JSON as engine_bad_response', async () => {
    const url = await fake((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end('data: {not json\n\n');
    });
    const error = await collect(
      createOpenAiEngine({ url, model: 'tiny' }).reply(request, new AbortController().signal),
    ).catch((e: unknown) => e);
    expect((error as CompanionEngineError).code).toBe('engine_bad_response');
  });

  it('should report an HTTP error status with the endpoint and body', async () => {
    const url = await fake((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{"error":"model not found"}');
    });
    const error = (await collect(
      createOpenAiEngine({ url, model: 'nope' }).reply(request, new AbortController().signal),
    ).catch((e: unknown) => e)) as CompanionEngineError;
    expect(error.code).toBe('engine_http_error');
    expect(error.message).toContain('404');
    expect(error.message).toContain('model not found');
  });

  it('should report a clear engine_unavailable error when nothing listens', async () => {
    const url = await fake(() => {});
    const port = (server!.address() as AddressInfo).port;
    server!.close();
    server = null;
    const error = (await collect(
      createOpenAiEngine({ url, model: 'tiny' }).reply(request, new AbortController().signal),
    ).catch((e: unknown) => e)) as CompanionEngineError;
    expect(error.code).toBe('engine_unavailable');
    expect(error.message).toContain(`127.0.0.1:${port}/v1/chat/completions is unreachable`);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('should time out when the endpoint stalls between chunks', async () => {
    const url = await fake((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(chunk('Hello'));
    });
    const error = (await collect(
      createOpenAiEngine({ url, model: 'tiny', idleTimeoutMs: 50 }).reply(
        request,
        new AbortController().signal,
      ),
    ).catch((e: unknown) => e)) as CompanionEngineError;
    expect(error.code).toBe('engine_timeout');
  });

  it('should stop quietly and release the upstream request when the caller aborts', async () => {
    let upstreamClosed = false;
    const url = await fake((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(chunk('one '));
      res.on('close', () => (upstreamClosed = true));
    });
    const controller = new AbortController();
    const items: string[] = [];
    for await (const piece of createOpenAiEngine({ url, model: 'tiny' }).reply(request, controller.signal)) {
      items.push(piece);
      controller.abort();
    }
    expect(items).toEqual(['one ']);
    await expect.poll(() => upstreamClosed).toBe(true);
  });
});
