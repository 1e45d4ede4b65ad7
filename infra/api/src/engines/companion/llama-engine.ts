// A local GGUF model inside the API through node-llama-cpp (ADR 0380): the prebuilt CPU binary, the model's own chat
// template, a few context sequences generating at once and a bounded queue in front of them.

import type {
  ChatHistoryItem,
  ChatWrapper,
  Llama,
  LlamaContext,
  LlamaContextSequence,
  LlamaModel,
} from 'node-llama-cpp';
import { chatMessages } from './persona-prompt.ts';
import { CompanionEngineError } from './types.ts';
import type { ChatTurn, CompanionCharacter, CompanionEngine, CompanionRequest } from './types.ts';

/** Settings of the local model engine (env: COMPANION_MODEL_PATH, COMPANION_MODEL_THREADS, …). */
export interface LlamaEngineOptions {
  modelPath: string;
  /** CPU threads one evaluation uses. Default 1: on a 2-core machine 1 thread held up far better under load. */
  threads?: number;
  /** Replies generated at the same time (context sequences, evaluated in one batch). Default 2. */
  slots?: number;
  /** Replies that may wait for a slot; one more is refused with `engine_busy`. Default 8. */
  queue?: number;
  /** Tokens of context per slot (prompt and reply). Default 2048. */
  contextSize?: number;
  /** Longest reply in tokens. Default 200. */
  maxTokens?: number;
  /** Earlier turns sent along. Default 20. */
  historyTurns?: number;
  temperature?: number;
  /** Called once per finished reply (bench, metrics). */
  onReply?: (stats: LlamaReplyStats) => void;
  /** Called with the prompt the model evaluated, once per reply and summary (tests, the bench's recall line). */
  onPrompt?: (prompt: LlamaPrompt) => void;
}

/**
 * The prompt exactly as the model evaluated it: the chat template's text (special tokens included) as it stood at the
 * first generated token, after the library cut the history to fit the context; `tokens` is its length.
 */
export interface LlamaPrompt {
  kind: 'reply' | 'summary';
  text: string;
  tokens: number;
}

/** What one reply cost: time waiting for a slot, time to its first text, tokens generated. */
export interface LlamaReplyStats {
  queueWaitMs: number;
  firstTextMs: number | null;
  tokens: number;
  durationMs: number;
}

/** The local model engine; `close` frees the model and its native threads. */
export interface LlamaEngine extends CompanionEngine {
  /** Resolves once the model is loaded (rejects with `engine_unavailable` when it cannot be). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  /** The model's own chat template, resolved once: resolving it per reply renders Jinja on the event loop. */
  chatWrapper: ChatWrapper;
  free: LlamaContextSequence[];
}

/** Creates the engine and starts loading the model; nothing is downloaded or built. */
export function createLlamaEngine(options: LlamaEngineOptions): LlamaEngine {
  const threads = options.threads ?? 1;
  const slots = options.slots ?? 2;
  const queueLimit = options.queue ?? 8;
  const maxTokens = options.maxTokens ?? 200;
  const historyTurns = options.historyTurns ?? 20;
  const waiting: Array<{
    resolve: (sequence: LlamaContextSequence) => void;
    reject: (error: Error) => void;
  }> = [];
  let closed = false;

  const loading: Promise<Loaded> = (async () => {
    let llama: Llama | null = null;
    try {
      // Imported when a model is configured: an API without one never loads the native module.
      const { getLlama, LlamaLogLevel, resolveChatWrapper } = await import('node-llama-cpp');
      llama = await getLlama({
        gpu: false,
        build: 'never',
        skipDownload: true,
        progressLogs: false,
        maxThreads: threads * slots,
        logLevel: LlamaLogLevel.error,
      });
      const model = await llama.loadModel({ modelPath: options.modelPath });
      const context = await model.createContext({
        contextSize: options.contextSize ?? 2048,
        sequences: slots,
        threads,
      });
      const free = Array.from({ length: slots }, () => context.getSequence());
      return { llama, model, context, chatWrapper: resolveChatWrapper(model), free };
    } catch (error) {
      await llama?.dispose();
      throw new CompanionEngineError(
        'engine_unavailable',
        `The local model ${options.modelPath} could not be loaded: ${(error as Error).message}`,
      );
    }
  })();
  // A failed load is reported to each caller; it must not crash the process as an unhandled rejection.
  loading.catch(() => undefined);

  async function acquire(signal: AbortSignal): Promise<{ loaded: Loaded; sequence: LlamaContextSequence }> {
    const loaded = await loading;
    if (closed) throw new CompanionEngineError('engine_unavailable', 'The local model is shutting down.');
    signal.throwIfAborted();
    const sequence = loaded.free.pop();
    if (sequence) return { loaded, sequence };
    if (waiting.length >= queueLimit)
      throw new CompanionEngineError(
        'engine_busy',
        `The local model is busy: ${slots} replies running and ${queueLimit} waiting.`,
      );
    return new Promise((resolve, reject) => {
      const entry = {
        resolve: (next: LlamaContextSequence) => {
          signal.removeEventListener('abort', onAbort);
          resolve({ loaded, sequence: next });
        },
        reject,
      };
      const onAbort = (): void => {
        const index = waiting.indexOf(entry);
        if (index >= 0) waiting.splice(index, 1);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      waiting.push(entry);
    });
  }

  async function release(loaded: Loaded, sequence: LlamaContextSequence): Promise<void> {
    await sequence.clearHistory();
    const next = waiting.shift();
    if (next) next.resolve(sequence);
    else loaded.free.push(sequence);
  }

  /** Runs one prompt on a slot, handing each piece of text to `onText`; settles once generation has stopped. */
  async function generate(
    messages: Array<{ role: string; content: string }>,
    signal: AbortSignal,
    onText: (text: string) => void,
    limit: number,
    kind: LlamaPrompt['kind'],
  ): Promise<void> {
    const started = performance.now();
    const { loaded, sequence } = await acquire(signal);
    const queueWaitMs = performance.now() - started;
    let firstTextMs: number | null = null;
    let tokens = 0;
    const { LlamaChatSession } = await import('node-llama-cpp');
    const session = new LlamaChatSession({
      contextSequence: sequence,
      chatWrapper: loaded.chatWrapper,
      autoDisposeSequence: false,
    });
    try {
      const last = messages.at(-1)!;
      session.setChatHistory(messages.slice(0, -1).map(toHistoryItem));
      await session.prompt(last.content, {
        signal,
        stopOnAbortSignal: true,
        maxTokens: limit,
        // Thinking models (Qwen3) answer straight away: a companion texts, it does not reason aloud.
        budgets: { thoughtTokens: 0 },
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        onToken: (generated) => {
          // At the first token the sequence holds the evaluated prompt and nothing generated yet.
          if (tokens === 0 && options.onPrompt) {
            const prompt = sequence.contextTokens;
            options.onPrompt({
              kind,
              text: loaded.model.detokenize(prompt, true),
              tokens: prompt.length,
            });
          }
          tokens += generated.length;
        },
        onTextChunk: (text) => {
          if (text === '') return;
          firstTextMs ??= performance.now() - started;
          onText(text);
        },
      });
    } catch (error) {
      if (signal.aborted) return;
      throw new CompanionEngineError(
        'engine_stream_broken',
        `The local model failed mid-reply: ${(error as Error).message}`,
      );
    } finally {
      session.dispose({ disposeSequence: false });
      await release(loaded, sequence);
      options.onReply?.({ queueWaitMs, firstTextMs, tokens, durationMs: performance.now() - started });
    }
  }

  return {
    name: `local(${options.modelPath.split('/').at(-1)})`,

    async *reply(request: CompanionRequest, signal: AbortSignal) {
      // The library calls back from its own loop; pieces are buffered here and handed out as the hub pulls.
      const pieces: string[] = [];
      let wake: (() => void) | null = null;
      let done = false;
      let failure: unknown = null;
      const stop = new AbortController();
      const combined = AbortSignal.any([signal, stop.signal]);
      const running = generate(
        chatMessages(request, historyTurns),
        combined,
        (text) => {
          pieces.push(text);
          wake?.();
        },
        maxTokens,
        'reply',
      ).then(
        () => {
          done = true;
          wake?.();
        },
        (error: unknown) => {
          failure = error;
          done = true;
          wake?.();
        },
      );
      try {
        while (!signal.aborted) {
          if (pieces.length > 0) {
            yield pieces.splice(0).join('');
            continue;
          }
          if (done) break;
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
        if (failure && !signal.aborted) throw failure;
      } finally {
        // The hub stopped reading (cancel, error): generation stops at the next token and the slot is freed.
        stop.abort();
        await running;
      }
    },

    async summarize(
      input: { character: CompanionCharacter; previous: string | null; turns: ChatTurn[] },
      signal: AbortSignal,
    ): Promise<string> {
      const lines = input.turns.map(
        (turn) => `${turn.sender === 'user' ? 'User' : input.character.name}: ${turn.text}`,
      );
      const messages = [
        {
          role: 'system',
          content: `You keep the memory of ${input.character.name}'s chat with the user. Write a short summary (at most five sentences) of what was said, keeping names, dates, places and feelings the user shared. Reply with the summary only.`,
        },
        {
          role: 'user',
          content: `${input.previous ? `Summary so far: ${input.previous}\n\n` : ''}New turns:\n${lines.join('\n')}`,
        },
      ];
      let summary = '';
      await generate(messages, signal, (text) => (summary += text), maxTokens, 'summary');
      return summary.trim();
    },

    async ready() {
      await loading;
    },

    async close() {
      closed = true;
      for (const entry of waiting.splice(0))
        entry.reject(new CompanionEngineError('engine_unavailable', 'The local model is shutting down.'));
      const loaded = await loading.catch(() => null);
      if (!loaded) return;
      await loaded.context.dispose();
      await loaded.model.dispose();
      await loaded.llama.dispose();
    },
  };
}

function toHistoryItem(message: { role: string; content: string }): ChatHistoryItem {
  if (message.role === 'system') return { type: 'system', text: message.content };
  if (message.role === 'user') return { type: 'user', text: message.content };
  return { type: 'model', response: [message.content] };
}
