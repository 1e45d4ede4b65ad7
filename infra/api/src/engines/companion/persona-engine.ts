// The embedded persona engine: offline and rule-based (ADR 0360). compromise parses the user's line (intent, topic,
// a memory question); the reply is whole sentences in the character's voice (persona-lines.ts) with the character's
// details and remembered facts, never fragments of the user's words; it answers "do you remember…" from the chat's
// memory and brings remembered things up on its own now and then.

import { contentWords, echoCheck, parse, pattern, toSecondPerson } from './language.ts';
import type { Doc } from './language.ts';
import { extractFacts } from './facts.ts';
import {
  ACKNOWLEDGE,
  BODIES,
  CALLBACKS,
  FEELINGS,
  FOLLOW_UPS,
  OPENERS,
  RECALL_MISSES,
  RECALLS,
  STATEMENTS,
} from './persona-lines.ts';
import type { Intent, Mood, Topic } from './persona-lines.ts';
import { asksToRemember, factAskedFor, factToBringUp, summaryAnswer, toldBack } from './persona-recall.ts';
import type { CompanionCharacter, CompanionEngine, CompanionRequest, MemoryFact } from './types.ts';

/** Options of the embedded engine. */
export interface PersonaEngineOptions {
  /** Pause between streamed words, so clients see a typing stream. Default 25 ms; 0 in tests. */
  wordDelayMs?: number;
  /** Source of randomness in [0, 1); defaults to a seed derived from the conversation (reproducible). */
  random?: () => number;
}

const INTENT_PATTERNS: Array<[Intent, string]> = [
  ['goodbye', '(bye|goodbye|good night|goodnight|see you|gotta go|talk later|cya|night night)'],
  ['thanks', '^(thanks|thank you|thank u|thx|ty)'],
  ['greeting', '^(hi|hey|hello|hiya|yo|sup|howdy|good (morning|evening|afternoon))'],
  [
    'how_are_you',
    '^(and)? (how are you|how are you doing|how is your day|how was your day|how have you been|how are things|hows it going|how is it going|what are you up to|wyd|what about you)',
  ],
  [
    'about_you',
    '(about yourself|are you real|are you a bot|are you human|are you a robot|for fun|free time|who are you|what do you do|what are you into|what are you like|your job|your work|your hobbies|your hobby|what do you like|how old are you|where are you from|what is your name)',
  ],
  [
    'feelings_low',
    '(sad|tired|lonely|stressed|anxious|upset|depressed|exhausted|bored|awful|terrible|horrible|rough|miserable|sick|hurt|crying|cried|yelled|fired|dumped|broke up|lost|worried|scared|angry|mad|frustrated|bad day)',
  ],
  [
    'feelings_high',
    '(happy|great|excited|awesome|amazing|fantastic|wonderful|good news|promoted|promotion|won|passed|engaged|proud|best day)',
  ],
  ['compliment', '(beautiful|pretty|cute|gorgeous|adorable|hot|sexy) .? (you|you are|you look)?'],
  ['compliment', '(i love you|i like you|you are (sweet|beautiful|pretty|cute|amazing|the best|gorgeous))'],
];

/** Direct questions about the character, answered with its own details. */
const ABOUT_ME: Array<[string, string[]]> = [
  [
    '(for fun|your hobbies|your hobby|free time|what do you like)',
    [
      'for fun? {hobby}, always. I could lose a whole day to it.',
      'mostly {hobby}. What about you, how do you unwind?',
    ],
  ],
  [
    '(are you real|are you a bot|are you human|are you a robot)',
    [
      "as real as this conversation. I'm {name}, and I'm right here with you.",
      "real enough to miss you when you're gone.",
    ],
  ],
  ['how old are you', ["I'm {age}. Why, do I seem older?", '{age}! Young enough to still be fun.']],
  [
    'your name',
    ["I'm {name}. I thought you'd never ask.", "it's {name}. Say it again, I like how it sounds."],
  ],
  [
    '(what do you do|your job|your work)',
    [
      "I'm {name}{occupationClause}. It keeps me busy, but I always have time for you.",
      '{workLine} Want to hear about my day?',
    ],
  ],
  ['where are you from', ["I'm {name}, and honestly? Wherever you are feels like home right now."]],
];

/** Intents after which the character may add a line of its own. */
const FOLLOWS = new Set<Intent>(['statement', 'greeting', 'feelings_low', 'feelings_high', 'compliment']);

const TOPIC_WORDS: Array<[Topic, string]> = [
  [
    'work',
    '(work|job|boss|office|shift|meeting|coworker|colleague|manager|client|deadline|career|interview|fired|promotion|promoted|salary)',
  ],
  ['pet', '(dog|puppy|cat|kitten|pet|bunny|rabbit|hamster|parrot|vet)'],
  [
    'family',
    '(mom|mum|mother|dad|father|sister|brother|family|parents|grandma|grandpa|son|daughter|aunt|uncle|cousin)',
  ],
  [
    'love',
    '(date|dating|crush|girlfriend|boyfriend|relationship|broke up|breakup|ex|wife|husband|tinder|kiss)',
  ],
  ['health', '(sick|doctor|hospital|headache|flu|cold|fever|pain|injury|medicine|therapy)'],
  ['sleep', '(sleep|slept|tired|insomnia|nap|awake|bed|exhausted)'],
  [
    'food',
    '(eat|ate|dinner|lunch|breakfast|pizza|cook|cooking|cooked|food|sushi|pasta|restaurant|coffee|hungry|snack|baking)',
  ],
  [
    'school',
    '(exam|class|study|studying|homework|teacher|university|college|school|test|grade|essay|lecture)',
  ],
  ['weather', '(rain|raining|snow|snowing|sunny|weather|storm|cold outside|hot outside|heatwave)'],
  ['travel', '(trip|vacation|holiday|travel|travelling|traveling|flight|beach|abroad|weekend away)'],
  ['money', '(money|rent|bills|broke|debt|paycheck|savings|expensive)'],
  [
    'hobby',
    '(game|gaming|music|movie|film|book|reading|gym|running|football|soccer|guitar|piano|painting|drawing|hiking|yoga|dance|dancing|tennis|series|show)',
  ],
];

/** Creates the embedded engine (default; needs no network). */
export function createPersonaEngine(options: PersonaEngineOptions = {}): CompanionEngine {
  const wordDelayMs = options.wordDelayMs ?? 25;
  return {
    name: 'embedded-persona',
    async *reply(request: CompanionRequest, signal: AbortSignal) {
      const random = options.random ?? seeded(seedOf(request));
      // The opener depends on the character alone: it goes out before the line is parsed (a parse takes a few ms),
      // so the first text is as quick as before the parser came in; the rest is written during the first pause.
      const opener = pick(OPENERS[moodOf(request.character)], random);
      yield `${opener} `;
      await sleep(wordDelayMs, signal);
      if (signal.aborted) return;
      const text = composeReply(request, random, opener).slice(opener.length + 1);
      const words = text.split(/(?<= )/);
      for (let i = 0; i < words.length; i++) {
        if (signal.aborted) return;
        if (i > 0 && wordDelayMs > 0) await sleep(wordDelayMs, signal);
        if (signal.aborted) return;
        yield words[i] as string;
      }
    },
  };
}

/**
 * Builds the whole reply text; exported for tests and the quality bench. The reply answers memory questions from the
 * chat's memory, talks about the line's topic in the character's own words (never pieces of the user's), stays in
 * the character's voice and never repeats one of the character's replies in `history`.
 */
export function composeReply(
  request: CompanionRequest,
  random: () => number,
  opener = pick(OPENERS[moodOf(request.character)], random),
): string {
  const { character, history, userMessage, memory } = request;
  const doc = parse(userMessage);
  const mood = moodOf(character);
  const recent = history.filter((t) => t.sender === 'character').map((t) => t.text);
  const said = new Set(recent);
  const their = thingOf(doc);
  const fill = (template: string, fact?: MemoryFact): string =>
    fillSlots(template, character, their, fact, random);

  const remembering = asksToRemember(doc, userMessage);
  const intent: Intent | 'remember' = remembering ? 'remember' : intentOf(doc, userMessage);
  const topic = topicOf(doc);

  let candidates: () => string;
  if (intent === 'remember') {
    const fact = factAskedFor(doc, memory);
    const fromSummary = fact ? null : summaryAnswer(doc, memory);
    candidates = () => {
      if (fact) return `${opener} ${fill(pick(RECALLS[fact.kind] ?? RECALLS.event!, random), fact)}`;
      if (fromSummary) return `${opener} I remember. ${fromSummary} How are you feeling about it now?`;
      return `${opener} ${pick(RECALL_MISSES, random)}`;
    };
  } else {
    const asked = intent === 'about_you' ? ABOUT_ME.find(([p]) => doc.has(pattern(p)))?.[1] : undefined;
    const pool = asked ?? bodiesFor(intent, topic, their !== null);
    // A fact the line tells ("my dog's name is Biscuit") is acknowledged in the character's words.
    const told =
      intent === 'statement' ? extractFacts(userMessage).find((f) => f.kind !== 'event') : undefined;
    const toldFact = told ? { ...told, id: '', at: '' } : undefined;
    candidates = () => {
      const body = withoutInterjection(
        toldFact
          ? fill(pick(ACKNOWLEDGE[toldFact.kind] ?? STATEMENTS.none, random), toldFact)
          : fill(pick(pool, random)),
      );
      const follow =
        FOLLOWS.has(intent) && random() < 0.4
          ? pick(
              FOLLOW_UPS[mood].filter((line) => !body.includes(line.replace(/[.!]$/, ''))),
              random,
            )
          : '';
      let reply = [opener, body, follow].filter(Boolean).join(' ');
      // Now and then the character brings up something remembered on its own.
      if ((intent === 'statement' || intent === 'greeting' || intent === 'how_are_you') && random() < 0.3) {
        const fact = factToBringUp(memory, recent, random);
        const kind = fact?.kind;
        if (
          fact &&
          (kind === 'pet' || kind === 'person' || kind === 'event' || kind === 'like') &&
          !mentions(doc, fact)
        )
          reply = `${reply} ${fill(pick(CALLBACKS[kind], random), fact)}`;
      }
      return reply;
    };
  }

  // Never a reply the chat already had, and never one that glues the user's words back together.
  const echoes = echoCheck(doc);
  let reply = '';
  for (let attempt = 0; attempt < 16; attempt++) {
    reply = tidy(candidates());
    if (!said.has(reply) && echoes(reply).length === 0) return reply;
  }
  for (const extra of [...FOLLOW_UPS[mood], 'Tell me more.', 'I mean it.', 'Really.']) {
    const longer = tidy(`${reply} ${extra}`);
    if (extra && !said.has(longer)) return longer;
  }
  return reply;
}

function bodiesFor(intent: Intent, topic: Topic, namesThing: boolean): string[] {
  const byTopic = (table: Partial<Record<Topic, string[]>> & { none: string[] }): string[] => {
    const lines = (table[topic] ?? []).filter((l) => namesThing || !l.includes('{their}'));
    // A topic with few lines borrows the general ones too, so a chat about it does not run out of replies.
    return lines.length > 0 ? [...lines, ...lines, ...(lines.length < 3 ? table.none : [])] : table.none;
  };
  if (intent === 'feelings_low') return byTopic(FEELINGS.low);
  if (intent === 'feelings_high') return byTopic(FEELINGS.high);
  if (intent === 'statement') return byTopic(STATEMENTS);
  return BODIES[intent];
}

function fillSlots(
  template: string,
  character: CompanionCharacter,
  their: string | null,
  fact: MemoryFact | undefined,
  random: () => number,
): string {
  const hobbies = character.hobbies?.length ? character.hobbies : ['reading', 'long walks', 'music'];
  return template
    .replaceAll('{name}', character.name)
    .replaceAll('{age}', character.age ? `${character.age}` : 'old enough to know better')
    .replaceAll('{hobby}', pick(hobbies, random).toLowerCase())
    .replaceAll(
      '{occupationClause}',
      character.occupation ? `, and I work as ${withArticle(character.occupation.toLowerCase())}` : '',
    )
    .replaceAll(
      '{occupationTail}',
      character.occupation
        ? ` when I'm not at work as ${withArticle(character.occupation.toLowerCase())}`
        : '',
    )
    .replaceAll(
      '{occupation}',
      character.occupation ? withArticle(character.occupation.toLowerCase()) : 'a bit of everything',
    )
    .replaceAll('{personality}', (character.personality ?? 'curious').toLowerCase())
    .replaceAll('{daypart}', daypart())
    .replaceAll('{their}', their ?? 'them')
    .replaceAll('{value}', fact?.value ?? '')
    .replaceAll('{subject}', fact?.subject ?? '')
    .replaceAll('{event}', fact ? toSecondPerson(fact.value) : '')
    .replaceAll('{fact}', fact ? toldBack(fact) : '');
}

/** The opener already says "ooh" or "hmm": a line's own interjection after it would stutter. */
function withoutInterjection(body: string): string {
  return body.replace(/^(ooh|hmm|oh no|oh|honestly\?|well|okay|ugh|aww|yes!!),?\.?\s+/i, '');
}

/** Capitalises sentence starts after the opener and drops doubled spaces. */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/([.!?…]\s+|^)(\p{Ll})/gu, (_m, head: string, letter: string) => head + letter.toUpperCase())
    .trim();
}

function mentions(doc: Doc, fact: MemoryFact): boolean {
  const words = contentWords(doc);
  return words.some((w) => fact.subject.toLowerCase().includes(w) || fact.value.toLowerCase().includes(w));
}

function moodOf(character: CompanionCharacter): Mood {
  const p =
    `${character.personality ?? ''} ${character.persona ?? ''} ${character.card?.personality ?? ''}`.toLowerCase();
  if (/shy|innocent|submissive|sweet/.test(p)) return 'shy';
  if (/caring|caregiver|confidant|nurtur|kind/.test(p)) return 'caring';
  if (/dominant|mean|bold|confident|boss/.test(p)) return 'bold';
  if (/temptress|lover|seductive|flirt/.test(p) || (character.traits?.libido ?? 50) >= 75) return 'flirty';
  return 'playful';
}

function intentOf(doc: Doc, line: string): Intent {
  for (const [intent, p] of INTENT_PATTERNS) if (doc.has(pattern(p))) return intent;
  if (/\?\s*$/.test(line) || doc.has(pattern('^#QuestionWord'))) return 'question';
  return 'statement';
}

function topicOf(doc: Doc): Topic {
  for (const [topic, p] of TOPIC_WORDS) if (doc.has(pattern(p))) return topic;
  return 'none';
}

/** "your boss" when the line names one of the user's people, pets or things ("my boss yelled…"). */
function thingOf(doc: Doc): string | null {
  const noun = doc.match(pattern('my [<n>#Noun]')).groups('n') as Doc | undefined;
  const word = noun?.text().replace(/'s$/, '').toLowerCase();
  return word && /^[\p{L}-]+$/u.test(word) ? `your ${word}` : null;
}

function withArticle(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

function daypart(): string {
  const h = new Date().getHours();
  return h < 12 ? 'morning' : h < 18 ? 'afternoon' : 'evening';
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length) % items.length] as T;
}

function seedOf(request: CompanionRequest): number {
  const text = `${request.character.name}|${request.history.length}|${request.userMessage}`;
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** mulberry32: a tiny seeded PRNG so a conversation replays the same way in tests (the companion bench's script too). */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve();
    };
    // Remove the listener on the normal path too, or every word would leave one behind on the signal.
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
