// Adapter for any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, llama.cpp server), streamed via SSE.

import { chatMessages } from './persona-prompt.ts';
import { CompanionEngineError } from './types.ts';
import type { CompanionEngine, CompanionRequest } from './types.ts';

/** Settings of the OpenAI-compatible adapter (env: COMPANION_API_URL, COMPANION_API_KEY, COMPANION_MODEL, …). */
export interface OpenAiEngineOptions {
  /** Base URL such as `http://127.0.0.1:11434/v1`; `/chat/completions` is appended unless present. */
  url: string;
  apiKey?: string | null;
  model: string;
  /** Time allowed until the response headers arrive. Default 15000. */
  connectTimeoutMs?: number;
  /** Time allowed between two chunks of the stream. Default 30000. */
  idleTimeoutMs?: number;
  maxTokens?: number;
  temperature?: number;
  /** Earlier turns sent along; older ones are dropped to bound the prompt. Default 20. */
  historyTurns?: number;
}

/** Creates the adapter. Errors are {@link CompanionEngineError} with a stable code. */
export function createOpenAiEngine(options: OpenAiEngineOptions): CompanionEngine {
  const endpoint = /\/chat\/completions\/?$/.test(options.url)
    ? options.url
    : `${options.url.replace(/\/$/, '')}/chat/completions`;
  const connectTimeoutMs = options.connectTimeoutMs ?? 15_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
  const historyTurns = options.historyTurns ?? 20;

  return {
    name: `openai-compatible(${options.model})`,
    async *reply(request: CompanionRequest, signal: AbortSignal) {
      const timeout = new AbortController();
      let timedOut = '';
      let timer = setTimeout(() => {
        timedOut = `no response within ${connectTimeoutMs} ms`;
        timeout.abort();
      }, connectTimeoutMs);
      const armIdle = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = `no data for ${idleTimeoutMs} ms`;
          timeout.abort();
        }, idleTimeoutMs);
      };
      const combined = AbortSignal.any([signal, timeout.signal]);
      try {
        let response: Response;
        try {
          response = await fetch(endpoint, {
            method: 'POST',
            signal: combined,
            headers: {
              'Content-Type': 'application/json',
              Accept: 'text/event-stream',
              ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}),
            },
            body: JSON.stringify({
              model: options.model,
              stream: true,
              messages: chatMessages(request, historyTurns),
              ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
              ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
            }),
          });
        } catch (error) {
          if (signal.aborted) return;
          throw failure(error, endpoint, timedOut);
        }
        if (!response.ok || response.body === null) {
          const text = (await response.text().catch(() => '')).slice(0, 200);
          throw new CompanionEngineError(
            'engine_http_error',
            `Companion endpoint ${endpoint} answered ${response.status}: ${text}`,
          );
        }
        armIdle();
        const decoder = new TextDecoder();
        let buffer = '';
        let finished = false;
        try {
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
            armIdle();
            buffer += decoder.decode(chunk, { stream: true });
            const lines = buffer.split(/\r?\n/);
            buffer = lines.pop() ?? '';
            for (const line of lines) {
              const event = readSseLine(line, endpoint);
              if (event === 'done') {
                finished = true;
                break;
              }
              if (event === null) continue;
              if (event.finished) finished = true;
              if (event.text) yield event.text;
            }
            if (finished) break;
          }
        } catch (error) {
          if (signal.aborted) return;
          if (error instanceof CompanionEngineError) throw error;
          throw failure(error, endpoint, timedOut, true);
        }
        if (!finished && !signal.aborted) {
          throw new CompanionEngineError(
            'engine_stream_broken',
            `Companion endpoint ${endpoint} ended the stream before it finished.`,
          );
        }
      } finally {
        clearTimeout(timer);
        // Closing early (cancel, error) must release the upstream request too.
        timeout.abort();
      }
    },
  };
}

/** Reads one SSE line: `null` for comments, blanks and other fields; 'done' for `[DONE]`. */
function readSseLine(line: string, endpoint: string): { text: string; finished: boolean } | 'done' | null {
  if (!line.startsWith('data:')) return null;
  const data = line.slice(5).trim();
  if (data === '') return null;
  if (data === '[DONE]') return 'done';
  let parsed: {
    choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
    error?: { message?: string };
  };
  try {
    parsed = JSON.parse(data) as typeof parsed;
  } catch {
    throw new CompanionEngineError(
      'engine_bad_response',
      `Companion endpoint ${endpoint} sent a chunk that is not JSON.`,
    );
  }
  if (parsed.error) {
    throw new CompanionEngineError(
      'engine_http_error',
      `Companion endpoint ${endpoint} reported: ${parsed.error.message ?? 'error'}`,
    );
  }
  const choice = parsed.choices?.[0];
  return { text: choice?.delta?.content ?? '', finished: Boolean(choice?.finish_reason) };
}

function failure(
  error: unknown,
  endpoint: string,
  timedOut: string,
  midStream = false,
): CompanionEngineError {
  if (timedOut)
    return new CompanionEngineError(
      'engine_timeout',
      `Companion endpoint ${endpoint} timed out: ${timedOut}.`,
    );
  if (midStream)
    return new CompanionEngineError(
      'engine_stream_broken',
      `Companion endpoint ${endpoint} broke the stream: ${describe(error)}.`,
    );
  return new CompanionEngineError(
    'engine_unavailable',
    `Companion endpoint ${endpoint} is unreachable: ${describe(error)}.`,
  );
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
