// The embedded engine's memory: which remembered fact a question asks for ("do you remember my dog's name?",
// "what's my name?", "where do I live?"), and which one to bring up on its own.

import { factSentence } from './facts.ts';
import { contentWords, pattern, theyToYou } from './language.ts';
import type { Doc } from './language.ts';
import type { CompanionMemory, MemoryFact, MemoryFactKind } from './types.ts';

// Words of a memory question that say "remember", not what to remember.
const ASKING = new Set(
  'remember recall forget know said say tell told mention mentioned called name named do does did what who where when how'.split(
    ' ',
  ),
);

// Questions about the user that name a kind of fact rather than a subject.
const KIND_QUESTIONS: Array<[string, MemoryFactKind]> = [
  ["(what is|what's|whats|do you know|remember) my name", 'name'],
  ['who am i', 'name'],
  ['how old am i', 'age'],
  ['my age', 'age'],
  ['where do i live', 'home'],
  ['where (am i|i am) from', 'origin'],
  ['where did i grow up', 'origin'],
  ['what do i do', 'work'],
  ['(my job|my work|where do i work|what i do for)', 'work'],
  ['what (do|did) i (love|like|enjoy)', 'like'],
  ['what (do|did) i (hate|dislike)', 'dislike'],
  ['(what|remember) (am i|i am) allergic', 'dislike'],
];

const KIND_WORDS: Partial<Record<MemoryFactKind, string[]>> = {
  work: ['work', 'job', 'living'],
  home: ['live', 'home', 'city'],
  origin: ['grow', 'grew', 'from', 'hometown'],
  like: ['favorite', 'favourite', 'like', 'love'],
  dislike: ['hate', 'allergic', 'allergy'],
};

/** True when the line asks the character to remember something about the user. */
export function asksToRemember(doc: Doc, line: string): boolean {
  if (doc.has(pattern('(remember|recall|forget|forgot)')) && doc.has(pattern('(i|my|me)'))) return true;
  if (!/\?\s*$/.test(line) && !doc.has(pattern('^#QuestionWord'))) return false;
  if (KIND_QUESTIONS.some(([p]) => doc.has(pattern(p)))) return true;
  // "what's my dog called?", "when is my birthday?", "who is Anna?"
  return doc.has(pattern('^#QuestionWord .? my')) || doc.has(pattern('^who is #ProperNoun'));
}

/** The remembered fact a memory question asks for, or null when none fits. */
export function factAskedFor(doc: Doc, memory: CompanionMemory | undefined): MemoryFact | null {
  const items = memory?.items ?? [];
  if (items.length === 0) return null;
  const kind = KIND_QUESTIONS.find(([p]) => doc.has(pattern(p)))?.[1];
  const words = contentWords(doc).filter((w) => !ASKING.has(w));
  let best: MemoryFact | null = null;
  let bestScore = 0;
  // Newest first: a fact told again later wins.
  for (const fact of [...items].reverse()) {
    let score = kind === fact.kind ? 4 : 0;
    const subject = fact.subject.toLowerCase().split(' ');
    const value: string[] = fact.value.toLowerCase().match(/[\p{L}\p{N}'-]+/gu) ?? [];
    for (const word of words) {
      // "allergic" finds the allergy, "brother's" the brother: words match on their stem.
      if (
        subject.some(
          (s) => s === word || (s.length > 4 && word.length > 4 && s.slice(0, 5) === word.slice(0, 5)),
        )
      )
        score += 3;
      else if (value.includes(word)) score += fact.kind === 'event' ? 1 : 2;
      else if (KIND_WORDS[fact.kind]?.includes(word)) score += 1;
    }
    if (kind && kind !== fact.kind && kind !== 'like') score -= 2;
    // "what do I love?" asks for a plain like, not a favourite of something it does not name.
    if (kind === 'like' && fact.subject !== '' && !words.some((w) => subject.includes(w))) score -= 1;
    if (score > bestScore) {
      best = fact;
      bestScore = score;
    }
  }
  return bestScore >= 2 ? best : null;
}

/** A sentence of the summary that answers the question, retold to the user, or null. */
export function summaryAnswer(doc: Doc, memory: CompanionMemory | undefined): string | null {
  if (!memory?.summary) return null;
  const words = contentWords(doc).filter((w) => !ASKING.has(w));
  if (words.length === 0) return null;
  const sentences = memory.summary.match(/[^.!?]+[.!?]?/g) ?? [];
  const hit = sentences.reverse().find((s) => words.some((w) => s.toLowerCase().includes(w)));
  return hit ? theyToYou(hit.trim()) : null;
}

/** How a reply would name the fact: the pet's or person's name, the liked thing, "your boss" for an event. */
function handle(fact: MemoryFact): string {
  return fact.kind === 'event' ? `your ${fact.subject}` : fact.value;
}

/**
 * A fact to bring up unprompted: one with a handle the last replies have not used, and only when none of the last
 * four replies brought anything up (so it stays "now and then").
 */
export function factToBringUp(
  memory: CompanionMemory | undefined,
  recentReplies: string[],
  random: () => number,
): MemoryFact | null {
  const items = (memory?.items ?? []).filter(
    (f) =>
      f.kind === 'pet' ||
      f.kind === 'person' ||
      f.kind === 'like' ||
      (f.kind === 'event' && f.subject !== ''),
  );
  const lastFour = recentReplies.slice(-4);
  if (items.some((f) => lastFour.some((reply) => reply.includes(handle(f))))) return null;
  const fresh = items.filter((f) => !recentReplies.some((reply) => reply.includes(handle(f))));
  if (fresh.length === 0) return null;
  return fresh[Math.floor(random() * fresh.length)] ?? null;
}

/** The fact told back to the user, as a sentence. */
export function toldBack(fact: MemoryFact): string {
  return factSentence(fact, 'you');
}
