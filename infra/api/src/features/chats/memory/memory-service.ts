// A chat's memory (ADR 0360): after each reply, off the send path, the facts in the user's line are kept and the
// turns leaving the engines' window are folded into a rolling summary (by the engine's own model when it has one,
// else by retelling the user's lines). Every engine gets the memory cut to a context budget with each send.

import type { Database, Queryable } from '../../../db/database.ts';
import type {
  ChatTurn,
  CompanionCharacter,
  CompanionEngine,
  CompanionMemory,
} from '../../../engines/companion/index.ts';
import { parse, toThirdPerson } from '../../../engines/companion/language.ts';
import { extractFacts, factSentence, sameFact } from '../../../engines/companion/facts.ts';
import { lockMemory, readMemory, turnsAfter, writeMemory } from './memory-store.ts';
import type { StoredFact, StoredMemory } from './memory-store.ts';

/** Turns the engines read verbatim; older ones live on in the summary. */
const MEMORY_WINDOW_TURNS = 20;
/** Turns folded into the summary at once, so a long chat summarises every few replies, not after each. */
const SUMMARY_BATCH_TURNS = 10;
/** Most facts a chat keeps: the oldest events go first, then the oldest likes. */
const MAX_FACTS = 120;
/** The context budget of a send, in characters (about 600 tokens): facts first, newest kept, then the summary. */
export const MEMORY_BUDGET_CHARS = 2400;
const SUMMARY_BUDGET_CHARS = 900;
const SUMMARY_MAX_CHARS = 2000;

/** A chat's memory as a send's prompt gets it: one primary-key read (ADR 0360), cut to the context budget. */
export async function promptMemory(q: Queryable, chatId: string): Promise<CompanionMemory | undefined> {
  return memoryForPrompt(await readMemory(q, chatId));
}

/** Cuts a chat's stored memory to the context budget an engine gets with a send; undefined when there is none. */
export function memoryForPrompt(stored: StoredMemory | null): CompanionMemory | undefined {
  if (!stored || (stored.facts.length === 0 && !stored.summary)) return undefined;
  const summary = stored.summary ? tail(stored.summary, SUMMARY_BUDGET_CHARS) : null;
  let room = MEMORY_BUDGET_CHARS - (summary?.length ?? 0);
  const kept = new Set<StoredFact>();
  // Durable facts (names, pets, people, work) before likes and events; newest first within each.
  const ranked = [...stored.facts].reverse().sort((a, b) => rank(a) - rank(b));
  for (const fact of ranked) {
    if (fact.about.length + 1 > room) continue;
    room -= fact.about.length + 1;
    kept.add(fact);
  }
  const items = stored.facts.filter((fact) => kept.has(fact));
  return {
    facts: items.map((fact) => fact.about),
    summary,
    items: items.map(({ id, kind, subject, value, at }) => ({ id, kind, subject, value, at })),
  };
}

const rank = (fact: StoredFact): number => (fact.kind === 'event' ? 2 : fact.kind === 'like' ? 1 : 0);

function tail(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(text.length - max);
  const start = cut.indexOf('. ');
  return start >= 0 ? cut.slice(start + 2) : cut;
}

/** Gives the event loop to other work (a chat send) between two parses of a memory update. */
const pause = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The facts in one user line, with their sentences, as they will be stored. Each parse (1–5 ms) is its own turn of
 * the event loop, so a send that arrives meanwhile waits for one parse at most, not for the whole update.
 */
export async function learnFacts(line: string, at: Date): Promise<StoredFact[]> {
  // Not in the turn that wrote the reply's last item: that item leaves first.
  await pause();
  const doc = parse(line);
  await pause();
  const found = extractFacts(doc);
  const learnt: StoredFact[] = [];
  for (const fact of found) {
    await pause();
    const told = factSentence(fact, 'you');
    await pause();
    const about = factSentence(fact, 'they');
    learnt.push({ id: crypto.randomUUID(), ...fact, at: at.toISOString(), told, about });
  }
  return learnt;
}

/** `learnt` merged into `facts`: a fact in the same slot replaces the older one; the oldest events go first. */
export function mergeFacts(facts: StoredFact[], learnt: StoredFact[]): StoredFact[] {
  if (learnt.length === 0) return facts;
  let merged = [...facts];
  for (const fact of learnt) {
    merged = merged.filter((old) => !sameFact(old, fact));
    merged.push(fact);
  }
  while (merged.length > MAX_FACTS) {
    const drop = merged.findIndex((f) => f.kind === 'event');
    merged.splice(drop >= 0 ? drop : merged.findIndex((f) => f.kind === 'like'), 1);
  }
  return merged;
}

/**
 * The summary without a model: each of the user's lines leaving the window, retold about them, unless it was a
 * question or became a fact; the newest sentences are kept.
 */
async function foldSummary(previous: string | null, turns: ChatTurn[]): Promise<string | null> {
  const sentences: string[] = [];
  for (const turn of turns) {
    if (turn.sender !== 'user') continue;
    // A parse takes a few ms: other users' sends get the event loop between two lines.
    await pause();
    const line = turn.text.trim();
    if (/\?\s*$/.test(line) || parse(line).has('^#QuestionWord')) continue;
    if (line.split(/\s+/).length < 4 || extractFacts(line).some((f) => f.kind !== 'event')) continue;
    const told = toThirdPerson(line.replace(/[.!?…]+$/, ''));
    sentences.push(`They said ${told.replace(/^They\b/, 'they')}.`);
  }
  if (sentences.length === 0) return previous;
  const text = [previous, ...sentences].filter(Boolean).join(' ');
  return tail(text, SUMMARY_MAX_CHARS);
}

/** Dependencies of {@link createChatMemory}. */
export interface ChatMemoryDeps {
  db: Database;
  /** The engine whose `summarize` writes the summary when it has one. */
  engine?: Pick<CompanionEngine, 'summarize'>;
  now?: () => Date;
  onError?: (error: unknown) => void;
}

/** The memory service the chat hub calls after a reply. */
export interface ChatMemory {
  /**
   * Learns from a finished turn: the user's facts, and the summary when turns leave the window. Resolves when
   * written; the hub does not await it (off the send path). Updates of one chat run one after the other.
   */
  afterReply(input: { chatId: string; userText: string; character: CompanionCharacter }): Promise<void>;
  /** Resolves when every update started so far has been written (tests, benches, shutdown). */
  settled(): Promise<void>;
}

/** Creates the memory service over the API database. */
export function createChatMemory(deps: ChatMemoryDeps): ChatMemory {
  const now = deps.now ?? (() => new Date());
  const queues = new Map<string, Promise<void>>();

  async function update(chatId: string, userText: string, character: CompanionCharacter): Promise<void> {
    // The facts first, parsed outside the transaction, then kept in their own short one: a slow summary never
    // holds them back.
    const learnt = await learnFacts(userText, now());
    if (learnt.length > 0)
      await deps.db.transaction(async (tx) => {
        const memory = await lockMemory(tx, chatId);
        await writeMemory(tx, chatId, { ...memory, facts: mergeFacts(memory.facts, learnt) });
      });
    await pause();
    const memory = await deps.db.transaction((tx) => lockMemory(tx, chatId));
    const turns = await turnsAfter(deps.db, chatId, memory.summarizedSeq);
    const leaving = turns.length - MEMORY_WINDOW_TURNS;
    if (leaving < SUMMARY_BATCH_TURNS) return;
    const folded = turns.slice(0, leaving);
    const previous = memory.summary;
    const plain = folded.map(({ sender, text }) => ({ sender, text }));
    let summary: string | null;
    if (deps.engine?.summarize) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 60_000);
      try {
        summary = (
          await deps.engine.summarize({ character, previous, turns: plain }, controller.signal)
        ).trim();
      } catch (error) {
        deps.onError?.(error);
        summary = await foldSummary(previous, plain);
      } finally {
        clearTimeout(timer);
      }
    } else {
      summary = await foldSummary(previous, plain);
    }
    const through = folded.at(-1)!.seq;
    await deps.db.transaction(async (tx) => {
      const current = await lockMemory(tx, chatId);
      // Someone deleted the summary or another update folded these turns meanwhile: keep theirs.
      if (current.summarizedSeq >= through) return;
      await writeMemory(tx, chatId, { ...current, summary: summary || null, summarizedSeq: through });
    });
  }

  return {
    afterReply({ chatId, userText, character }) {
      const previous = queues.get(chatId) ?? Promise.resolve();
      const next = previous
        .then(() => update(chatId, userText, character))
        .catch((error: unknown) => deps.onError?.(error));
      queues.set(chatId, next);
      void next.then(() => {
        if (queues.get(chatId) === next) queues.delete(chatId);
      });
      return next;
    },
    async settled() {
      while (queues.size > 0) await Promise.all([...queues.values()]);
    },
  };
}
