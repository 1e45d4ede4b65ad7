// The companion's language helpers over `compromise` (a small rule-based English parser, ADR 0360): the words that
// carry a line's meaning, person swapping for retelling what the user said, and the echo check the engine and the
// quality bench share. Everything is synchronous and offline; a parse takes 1–5 ms.

import nlp from 'compromise';

/** A parsed line (compromise's document). */
export type Doc = ReturnType<typeof nlp>;

/** Parses `text`; one parse per line (1–5 ms), reused for every question the engine asks of it. */
export function parse(text: string): Doc {
  return nlp(text);
}

type Pattern = ReturnType<typeof nlp.parseMatch>;
const patterns = new Map<string, Pattern>();

/** A match pattern compiled once (compiling a pattern costs more than matching it). */
export function pattern(text: string): Pattern {
  let compiled = patterns.get(text);
  if (!compiled) {
    compiled = nlp.parseMatch(text);
    patterns.set(text, compiled);
  }
  return compiled;
}

// Words that never carry a topic on their own, beyond what compromise tags as function words.
const FILLER = new Set(
  'yeah yes no ok okay oh um uh hmm well just really very so pretty quite kind sort thing things stuff lot lots today day time bit'.split(
    ' ',
  ),
);

const FUNCTION_WORDS =
  '(#Pronoun|my|your|his|her|their|our|its|#Determiner|#Preposition|#Conjunction|#Copula|#Auxiliary|#Modal|#QuestionWord|#Negative)';

/** The line's content words, lower-case, contractions expanded, in order (nouns, verbs, adjectives, adverbs). */
export function contentWords(line: string | Doc): string[] {
  const doc = typeof line === 'string' ? nlp(line) : line;
  const terms = doc.not(pattern(FUNCTION_WORDS)).terms().json() as Array<{
    terms: Array<{ normal: string; implicit?: string }>;
  }>;
  const words: string[] = [];
  for (const term of terms) {
    const t = term.terms[0];
    if (!t) continue;
    const word = (t.implicit || t.normal).replace(/'s$/, '').replace(/[^\p{L}\p{N}'-]/gu, '');
    if (word.length > 1 && !FILLER.has(word)) words.push(word);
  }
  return words;
}

/**
 * Pairs of neighbouring words in `reply` that are both the user's content words: a fragment of the user's line
 * reflected back ("rough yelled", "remember dog's"). A reply that talks about the line in its own words has none.
 */
export function echoedPairs(reply: string, userLine: string): string[] {
  return echoCheck(userLine)(reply);
}

/** {@link echoedPairs} for many replies to one line: the line is parsed once. */
export function echoCheck(userLine: string | Doc): (reply: string) => string[] {
  const theirs = new Set(contentWords(userLine));
  return (reply) => (theirs.size < 2 ? [] : pairsIn(reply, theirs));
}

function pairsIn(reply: string, theirs: Set<string>): string[] {
  const words = (reply.toLowerCase().match(/[\p{L}\p{N}'-]+/gu) ?? []).map((w) => w.replace(/'s$/, ''));
  const pairs: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const a = words[i - 1] as string;
    const b = words[i] as string;
    if (a !== b && theirs.has(a) && theirs.has(b)) pairs.push(`${a} ${b}`);
  }
  return pairs;
}

const SECOND_PERSON: Record<string, string> = {
  i: 'you',
  me: 'you',
  my: 'your',
  mine: 'yours',
  myself: 'yourself',
  am: 'are',
  was: 'were',
  we: 'you',
  us: 'you',
  our: 'your',
  ours: 'yours',
};

const THIRD_PERSON: Record<string, string> = {
  i: 'they',
  me: 'them',
  my: 'their',
  mine: 'theirs',
  myself: 'themselves',
  am: 'are',
  was: 'were',
  we: 'they',
  us: 'them',
  our: 'their',
  ours: 'theirs',
};

const THEY_TO_YOU: Record<string, string> = {
  they: 'you',
  them: 'you',
  their: 'your',
  theirs: 'yours',
  themselves: 'yourself',
};

/** A sentence about the user ("they said their boss…"), told to them ("you said your boss…"). */
export function theyToYou(text: string): string {
  return swapPerson(text, THEY_TO_YOU);
}

/** Retells the user's words to them: "my boss yelled at me" → "your boss yelled at you". */
export function toSecondPerson(text: string): string {
  return swapPerson(text, SECOND_PERSON);
}

/** Retells the user's words about them: "my boss yelled at me" → "their boss yelled at them". */
export function toThirdPerson(text: string): string {
  return swapPerson(text, THIRD_PERSON);
}

function swapPerson(text: string, table: Record<string, string>): string {
  const sentences = nlp(text).json() as Array<{
    terms: Array<{ text: string; pre: string; post: string; normal: string; implicit?: string }>;
  }>;
  let out = '';
  for (const sentence of sentences) {
    let subjectIsUser = false;
    for (const term of sentence.terms) {
      const word = (term.implicit || term.normal).toLowerCase();
      // "was" and "am" follow the person only right after I/we ("I was" → "you were", "it was" stays).
      const swapsVerb = word === 'was' || word === 'am';
      const swap = swapsVerb && !subjectIsUser ? undefined : table[word];
      subjectIsUser = word === 'i' || word === 'we';
      // The second half of a contraction has no text of its own: the first half wrote it.
      if (term.text === '') {
        out += term.post;
        continue;
      }
      if (swap === undefined) {
        out += term.pre + term.text + term.post;
        continue;
      }
      // A contraction ("I'm") carries the verb in the same term: write both parts out.
      const contracted = term.implicit && term.text.toLowerCase() !== term.implicit;
      const written = contracted ? expandContraction(term.text, table) : swap;
      out += term.pre + matchCase(term.text, written) + term.post;
    }
  }
  return out.trim();
}

function expandContraction(text: string, table: Record<string, string>): string {
  const [head = '', tail = ''] = text.toLowerCase().split(/['’]/);
  const who = table[head] ?? head;
  const rest: Record<string, string> = { m: 're', ve: 've', ll: 'll', d: 'd', re: 're' };
  return `${who}'${rest[tail] ?? tail}`;
}

function matchCase(original: string, word: string): string {
  if (original === 'I') return word;
  return original[0] === original[0]?.toUpperCase() && original[0] !== original[0]?.toLowerCase()
    ? word[0]!.toUpperCase() + word.slice(1)
    : word;
}

/** Upper-cases the first letter. */
export function capitalise(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}
