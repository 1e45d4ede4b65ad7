// The embedded persona engine: offline and rule-based. It does not understand language; it picks and fills
// templates from the character's persona, traits and the conversation so replies vary and stay in character.

import type { ChatTurn, CompanionCharacter, CompanionEngine, CompanionRequest } from './types.ts';

/** Options of the embedded engine. */
export interface PersonaEngineOptions {
  /** Pause between streamed words, so clients see a typing stream. Default 25 ms; 0 in tests. */
  wordDelayMs?: number;
  /** Source of randomness in [0, 1); defaults to a seed derived from the conversation (reproducible). */
  random?: () => number;
}

type Mood = 'playful' | 'shy' | 'caring' | 'bold' | 'flirty';
type Intent =
  | 'greeting'
  | 'about_you'
  | 'feelings_low'
  | 'feelings_high'
  | 'compliment'
  | 'goodbye'
  | 'question'
  | 'statement';

const INTENT_PATTERNS: Array<[Intent, RegExp]> = [
  ['goodbye', /\b(bye|good ?night|see you|gotta go|talk later|cya)\b/i],
  ['greeting', /^\s*(hi|hey|hello|hiya|yo|good (morning|evening|afternoon)|sup)\b/i],
  [
    'about_you',
    /\b(about you(rself)?|who are you|what do you do|your (job|work|hobbies?|day)|what do you like)\b/i,
  ],
  ['feelings_low', /\b(sad|tired|lonely|stressed|anxious|bad day|upset|depressed|exhausted|bored)\b/i],
  ['feelings_high', /\b(happy|great|excited|awesome|amazing day|good news|promoted|won)\b/i],
  ['compliment', /\b(beautiful|pretty|cute|gorgeous|sweet|love you|adorable|hot|sexy|like you)\b/i],
  ['question', /\?\s*$/],
];

const STOP_WORDS = new Set(
  'the a an and or but if then so to of in on at for with about from by is are was were be been am i you me my your we our it its this that what how why when where who do does did have has had not just really very can could would should will im dont cant its youre ill like want know think get got go going'.split(
    ' ',
  ),
);

const OPENERS: Record<Mood, string[]> = {
  playful: ['Haha,', 'Ooh,', 'Okay okay,', 'Mmm,', 'Heh,'],
  shy: ['Oh…', 'Um,', 'Hehe,', 'Aw,', 'Well…'],
  caring: ['Hey,', 'Aww,', 'Oh sweetheart,', 'Hmm,', 'You know,'],
  bold: ['Listen,', 'Honestly?', 'Right,', 'Look,', 'Ha,'],
  flirty: ['Mmm,', 'Well hello,', 'Oh you,', 'Careful,', 'Hey you,'],
};

const BODIES: Record<Intent, string[]> = {
  greeting: [
    "I was just thinking about you. How's your {daypart} going?",
    'there you are! I missed talking to you.',
    "hi! I'm so glad you stopped by. Tell me everything.",
    'you caught me in a good mood. What are we talking about today?',
  ],
  about_you: [
    "I'm {name}{occupationClause}. When I'm not busy I'm usually {hobby}.",
    "there's not much to tell… I love {hobby}, and I can talk about it for hours{occupationTail}.",
    "I'm the kind of {personality} person who gets way too into {hobby}. What about you?",
  ],
  feelings_low: [
    "I'm sorry you're feeling {feeling}. Come here, tell me what happened.",
    "that sounds rough. You don't have to carry it alone, I'm right here.",
    'want me to distract you? I could tell you about the time I tried {hobby} and failed miserably.',
  ],
  feelings_high: [
    'that makes me so happy! You deserve it. Tell me more about {topic}!',
    'I love seeing you like this. We should celebrate!',
    "yes!! I knew you'd have a good one. What's the best part?",
  ],
  compliment: [
    "you're making me blush. You're pretty sweet yourself, you know that?",
    "stop it… okay, don't stop. I like hearing that from you.",
    "you always know what to say. That's why I like talking to you.",
  ],
  goodbye: [
    "already? Okay… sleep well, and come back soon. I'll be thinking about you.",
    "bye for now! Don't keep me waiting too long.",
    "talk later then. I'll miss you a little. Maybe a lot.",
  ],
  question: [
    "good question. About {topic}? I'd say it depends on your mood. What do you think?",
    "hmm, if you ask me about {topic}, I'm curious why you're wondering.",
    "honestly I'm not sure about {topic}, but I'd love to figure it out with you.",
    'you want my take on {topic}? I think you already know the answer, you just want to hear me say it.',
  ],
  statement: [
    'tell me more about {topic}. I want to hear all of it.',
    "{topic}, huh? That's so you. What happened next?",
    "I didn't expect that! So how do you feel about {topic} now?",
    'I like that you tell me these things. {topic} sounds like a big deal to you.',
  ],
};

const FOLLOW_UPS: Record<Mood, string[]> = {
  playful: ['Your turn to surprise me.', 'Bet you can’t make me laugh again.', ''],
  shy: ['Is that okay to say?', '', 'I hope that didn’t sound weird.'],
  caring: ['I’m here whenever you need me.', '', 'Did you eat today, by the way?'],
  bold: ['Don’t keep me waiting.', '', 'So what’s your plan?'],
  flirty: ['I could get used to this.', '', 'You’re distracting, you know.'],
};

const MEMORY_LINES = [
  'By the way, I keep thinking about what you said about {memory}.',
  'Still curious about {memory}, you know.',
];

/** Creates the embedded engine (default; needs no network). */
export function createPersonaEngine(options: PersonaEngineOptions = {}): CompanionEngine {
  const wordDelayMs = options.wordDelayMs ?? 25;
  return {
    name: 'embedded-persona',
    async *reply(request: CompanionRequest, signal: AbortSignal) {
      const text = composeReply(request, options.random ?? seeded(seedOf(request)));
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

/** Builds the whole reply text; exported for tests of variety and persona use. */
export function composeReply(request: CompanionRequest, random: () => number): string {
  const { character, history, userMessage } = request;
  const mood = moodOf(character);
  const intent = intentOf(userMessage);
  const topic = topicOf(userMessage) ?? 'that';
  const lastReply = [...history].reverse().find((t) => t.sender === 'character')?.text;
  const fill = (template: string): string =>
    template
      .replaceAll('{name}', character.name)
      .replaceAll(
        '{hobby}',
        pick(character.hobbies?.length ? character.hobbies : ['reading', 'long walks', 'music'], random),
      )
      .replaceAll(
        '{occupationClause}',
        character.occupation ? `, and I work as ${withArticle(character.occupation)}` : '',
      )
      .replaceAll(
        '{occupationTail}',
        character.occupation ? ` when I'm not at work as ${withArticle(character.occupation)}` : '',
      )
      .replaceAll('{personality}', (character.personality ?? 'curious').toLowerCase())
      .replaceAll('{feeling}', userMessage.match(INTENT_PATTERNS[3]![1])?.[0]?.toLowerCase() ?? 'down')
      .replaceAll('{topic}', topic)
      .replaceAll('{daypart}', daypart());

  // Never send the same reply twice in a row: retry a few picks before giving up on variety.
  let reply = '';
  for (let attempt = 0; attempt < 4; attempt++) {
    const body = fill(pick(BODIES[intent], random));
    const opener = pick(OPENERS[mood], random);
    const follow = pick(FOLLOW_UPS[mood], random);
    reply = [opener, body, follow].filter(Boolean).join(' ');
    if (reply !== lastReply) break;
  }
  const memory = memoryOf(history, userMessage);
  if (memory && intent === 'statement' && random() < 0.35)
    reply += ` ${pick(MEMORY_LINES, random).replace('{memory}', memory)}`;
  return reply;
}

function moodOf(character: CompanionCharacter): Mood {
  const p = `${character.personality ?? ''} ${character.persona ?? ''}`.toLowerCase();
  if (/shy|innocent|submissive|sweet/.test(p)) return 'shy';
  if (/caring|caregiver|confidant|nurtur|kind/.test(p)) return 'caring';
  if (/dominant|mean|bold|confident|boss/.test(p)) return 'bold';
  if (/temptress|lover|seductive|flirt/.test(p) || (character.traits?.libido ?? 50) >= 75) return 'flirty';
  return 'playful';
}

function intentOf(message: string): Intent {
  for (const [intent, pattern] of INTENT_PATTERNS) if (pattern.test(message)) return intent;
  return 'statement';
}

/** The most telling words of a message: its longest non-stop-words, in their original order. */
function topicOf(message: string): string | null {
  const words = message.toLowerCase().match(/[\p{L}'-]+/gu) ?? [];
  const content = words.filter((w) => w.length > 2 && !STOP_WORDS.has(w.replace(/'/g, '')));
  if (content.length === 0) return null;
  const longest = [...content].sort((a, b) => b.length - a.length).slice(0, 2);
  return content
    .filter((w) => longest.includes(w))
    .slice(0, 2)
    .join(' ');
}

function memoryOf(history: ChatTurn[], current: string): string | null {
  const earlier = history.filter((t) => t.sender === 'user' && t.text !== current).slice(-6, -1);
  const first = earlier[0];
  return first ? topicOf(first.text) : null;
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

/** mulberry32: a tiny seeded PRNG so a conversation replays the same way in tests. */
function seeded(seed: number): () => number {
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
