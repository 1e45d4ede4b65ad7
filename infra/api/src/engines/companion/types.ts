// The companion engine seam: one interface for the embedded persona engine and any OpenAI-compatible endpoint.

/** The character a reply is written for; fields follow the character-creation draft (000 §3). */
export interface CompanionCharacter {
  name: string;
  /** Free-text persona or description, when the character has one. */
  persona?: string | null;
  personality?: string | null;
  occupation?: string | null;
  hobbies?: string[] | null;
  /** Relationship the user chose (e.g. girlfriend, friend). */
  connectionType?: string | null;
  age?: number | null;
  /** Draft sliders 0–100 (kink, libido, nudity; default 50). */
  traits?: { kink?: number; libido?: number; nudity?: number } | null;
  /** The Character Card V2/V3 fields an imported card brought (ADR 0361); absent for characters made here. */
  card?: CharacterCardFields | null;
}

/** The prompt-shaping fields of a Character Card V2/V3 (`{{char}}` and `{{user}}` are filled in by the engines). */
export interface CharacterCardFields {
  description?: string | null;
  personality?: string | null;
  scenario?: string | null;
  /** The character's opening line: the first message of a new chat. */
  firstMes?: string | null;
  mesExample?: string | null;
  /** Replaces the default system prompt; `{{original}}` inside it stands for the default. */
  systemPrompt?: string | null;
  /** Said to the model after the history, right before it answers. */
  postHistoryInstructions?: string | null;
}

/** What a remembered fact is about; `subject` narrows it (the pet's species, the person's relation, the liked thing). */
export type MemoryFactKind =
  'name' | 'age' | 'work' | 'home' | 'origin' | 'pet' | 'person' | 'like' | 'dislike' | 'event';

/** One durable fact the user shared, structured so an engine without a model can answer from it. */
export interface MemoryFact {
  id: string;
  kind: MemoryFactKind;
  /** e.g. `dog`, `sister`, `food`, `boss`; empty when the kind says it all (name, age, work, home). */
  subject: string;
  /** The remembered value: `Biscuit`, `nurse`, `Lisbon`; likes and events in the user's own (first-person) words. */
  value: string;
  /** When the user said it (ISO 8601). */
  at: string;
}

/** One earlier turn of the conversation, oldest first. */
export interface ChatTurn {
  sender: 'user' | 'character';
  text: string;
}

/** What the character remembers of one chat beyond the recent turns: durable facts and a summary of older turns. */
export interface CompanionMemory {
  /** Facts the user shared, oldest first, each one short sentence about the user ("Their dog is called Max."). */
  facts: string[];
  /** A rolling summary of the turns older than `history`, or null while there is none. */
  summary: string | null;
  /** The same facts, structured (additive, ADR 0360): what the embedded engine answers "do you remember…" from. */
  items?: MemoryFact[];
}

/** Everything an engine needs to write one reply. */
export interface CompanionRequest {
  character: CompanionCharacter;
  history: ChatTurn[];
  userMessage: string;
  /** The chat's memory, already cut to the engine's context budget; absent for a chat with none. */
  memory?: CompanionMemory;
}

/** Writes a reply as a stream of text pieces; stops promptly when `signal` aborts. */
export interface CompanionEngine {
  readonly name: string;
  reply(request: CompanionRequest, signal: AbortSignal): AsyncIterable<string>;
  /**
   * Folds turns that are leaving the recent window into the chat's rolling summary. Engines that have a model
   * write it with that model; without it the memory service summarises on its own.
   */
  summarize?(
    input: { character: CompanionCharacter; previous: string | null; turns: ChatTurn[] },
    signal: AbortSignal,
  ): Promise<string>;
}

/** Stable reasons a reply could not be generated; the chat hub refunds and reports `generation_failed`. */
export type CompanionErrorCode =
  | 'engine_unavailable'
  | 'engine_timeout'
  | 'engine_http_error'
  | 'engine_bad_response'
  | 'engine_stream_broken'
  /** A bounded local engine's queue is full; the send is refunded. */
  | 'engine_busy';

/** A generation failure with a stable code and a message an operator can act on. */
export class CompanionEngineError extends Error {
  override readonly name = 'CompanionEngineError';
  constructor(
    readonly code: CompanionErrorCode,
    message: string,
  ) {
    super(message);
  }
}
