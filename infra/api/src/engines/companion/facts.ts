// Durable facts in what the user wrote (their name, age, work, home, pets, people, likes, events), read with
// compromise's match patterns (ADR 0360): a pattern names the parts it keeps, compromise's tags decide what a word
// is (a person's name, a place, a number), contractions and possessives are handled by the parser.

import type { MemoryFact, MemoryFactKind } from './types.ts';
import { capitalise, parse, pattern, toSecondPerson, toThirdPerson } from './language.ts';
import type { Doc } from './language.ts';

/** A fact as read from a line, before it is stored (id and time are the store's). */
export type ExtractedFact = Omit<MemoryFact, 'id' | 'at'>;

const PETS =
  'dog|puppy|cat|kitten|bunny|rabbit|hamster|parrot|bird|fish|horse|turtle|snake|lizard|ferret|guinea pig';
const PEOPLE =
  'mom|mum|mother|dad|father|sister|brother|son|daughter|wife|husband|girlfriend|boyfriend|partner|fiance|fiancee|boss|manager|coworker|colleague|roommate|flatmate|neighbor|neighbour|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin|best friend|friend|teacher|therapist|ex';

/** A new clause ends even a whole phrase: "I live in Lisbon and I love sushi" keeps "Lisbon". */
const CLAUSE_END =
  /(\s+(and|but|because|since|so|when|while)\s+(i|i'm|my|we|it|he|she|they)\b|\s+(but|because|since|so|when|while)\s).*$/i;

/** Words that end a captured phrase: "I work as a nurse at the hospital" keeps "a nurse". */
const PHRASE_END = /\s+(at|in|on|for|with|and|but|because|since|so|when|which|who|that|near)\s.*$/i;

interface Rule {
  kind: MemoryFactKind;
  pattern: string;
  /** The group holding the subject, or a fixed subject. */
  subject?: string | { fixed: string };
  /** The group holding the value. */
  value: string;
  /** Keep the value's phrase whole (a place's name), else cut it at its first preposition or conjunction. */
  whole?: boolean;
}

const JOB = { fixed: 'job' };
const WORKPLACE = { fixed: 'workplace' };

const RULES: Rule[] = [
  { kind: 'name', pattern: 'my name is [<v>.]', value: 'v' },
  { kind: 'name', pattern: '(call me|i am called) [<v>#ProperNoun]', value: 'v' },
  { kind: 'name', pattern: '^(hi|hey|hello)? i am [<v>(#FirstName|#Person)]', value: 'v' },
  { kind: 'age', pattern: 'i am [<v>#Value] (years|yrs) old', value: 'v' },
  { kind: 'age', pattern: 'i just turned [<v>#Value]', value: 'v' },
  { kind: 'work', pattern: 'i (work|am working) as (a|an)? [<v>#Noun+]', subject: JOB, value: 'v' },
  {
    kind: 'work',
    pattern: 'i am (a|an) [<v>#Adjective? (#Actor|#Noun)+] (by (trade|profession)|at work)?',
    subject: JOB,
    value: 'v',
  },
  { kind: 'work', pattern: 'my job is [<v>.+]', subject: JOB, value: 'v' },
  { kind: 'work', pattern: 'i work (at|for) [<v>.+]', subject: WORKPLACE, value: 'v', whole: true },
  { kind: 'home', pattern: 'i (live|am living|moved) (in|to) [<v>.+]', value: 'v', whole: true },
  { kind: 'origin', pattern: 'i (am|come) from [<v>.+]', value: 'v', whole: true },
  { kind: 'origin', pattern: 'i grew up in [<v>.+]', value: 'v', whole: true },
  {
    kind: 'pet',
    pattern: `my [<s>(${PETS})] (name is|is called|is named|called|named) [<v>.]`,
    subject: 's',
    value: 'v',
  },
  {
    kind: 'pet',
    pattern: `i (have|got|adopted) (a|an|one)? [<s>(${PETS})] (called|named) [<v>.]`,
    subject: 's',
    value: 'v',
  },
  { kind: 'pet', pattern: `my [<s>(${PETS})] [<v>#ProperNoun]`, subject: 's', value: 'v' },
  {
    kind: 'person',
    pattern: `my [<s>(${PEOPLE})] (name is|is called|is named|called|named) [<v>.]`,
    subject: 's',
    value: 'v',
  },
  { kind: 'person', pattern: `my [<s>(${PEOPLE})] [<v>(#Person|#ProperNoun)]`, subject: 's', value: 'v' },
  {
    kind: 'person',
    pattern: `[<v>#ProperNoun] is my [<s>(${PEOPLE})]`,
    subject: 's',
    value: 'v',
  },
  {
    kind: 'like',
    pattern: 'my (favorite|favourite) [<s>#Noun+] (is|are) [<v>.+]',
    subject: 's',
    value: 'v',
    whole: true,
  },
  { kind: 'like', pattern: 'i (really|totally)? (love|adore|like|enjoy) [<v>.+]', value: 'v' },
  { kind: 'like', pattern: 'i am (really)? (into|obsessed with) [<v>.+]', value: 'v' },
  { kind: 'dislike', pattern: "i (really)? (hate|dislike|can't stand|cannot stand) [<v>.+]", value: 'v' },
  { kind: 'dislike', pattern: 'i am allergic to [<v>.+]', subject: { fixed: 'allergy' }, value: 'v' },
];

// "I like you" is a compliment, not a fact; neither are vague objects.
const NOT_A_LIKE = /^(you|it|that|this|them|him|her|to|talking|chatting|when|how|the way)\b/i;

const PET_OR_PERSON = new RegExp(`^(${PETS}|${PEOPLE})$`, 'i');

// An event: a line about the user or their people, in the past or with a date ("my boss yelled at me",
// "I have an exam on Friday"); kept as the user's words retold.
const EVENT_PATTERNS = [
  '^(i|my #Noun+) #Adverb? #PastTense',
  '^(i|my #Noun+) (have|has|got) (a|an|my) .+ (on|this|next|tomorrow|tonight) #Date?',
  '#Date',
];

/** The facts in one user line. */
export function extractFacts(text: string | Doc): ExtractedFact[] {
  const facts: ExtractedFact[] = [];
  const doc = typeof text === 'string' ? parse(text) : text;
  // Each sentence on its own (a view of the one parse), so a pattern's ^ is the sentence's start.
  doc.sentences().forEach((view) => {
    const line = view as Doc;
    const before = facts.length;
    for (const rule of RULES) {
      const fact = applyRule(line, rule);
      if (fact && !facts.some((f) => sameFact(f, fact))) facts.push(fact);
    }
    if (facts.length === before || line.has(pattern('#Date'))) {
      const event = eventOf(line, line.text());
      if (event) facts.push(event);
    }
  });
  return facts;
}

function applyRule(line: Doc, rule: Rule): ExtractedFact | null {
  const match = line.match(pattern(rule.pattern));
  if (!match.found) return null;
  const groups = match.groups() as Record<string, Doc>;
  let value = clean(clean(groups[rule.value]?.text() ?? '').replace(CLAUSE_END, ''));
  if (!rule.whole) value = value.replace(PHRASE_END, '');
  if (value === '' || value.split(' ').length > 6) return null;
  const subject =
    rule.subject === undefined
      ? ''
      : typeof rule.subject === 'string'
        ? clean(groups[rule.subject]?.text() ?? '').toLowerCase()
        : rule.subject.fixed;
  if (rule.kind === 'like' && subject === '' && NOT_A_LIKE.test(value)) return null;
  if (rule.kind === 'dislike' && NOT_A_LIKE.test(value)) return null;
  if ((rule.kind === 'pet' || rule.kind === 'person' || rule.kind === 'name') && !/^\p{Lu}/u.test(value))
    value = capitalise(value);
  if (rule.kind === 'work') value = value.replace(/^(a|an)\s+/i, '');
  if (rule.kind === 'name' && PET_OR_PERSON.test(value)) return null;
  return { kind: rule.kind, subject, value };
}

function eventOf(line: Doc, original: string): ExtractedFact | null {
  if (line.has(pattern('#QuestionWord')) || /\?\s*$/.test(original)) return null;
  if (!EVENT_PATTERNS.some((p) => line.has(pattern(p)))) return null;
  if (!line.has(pattern('(i|me|my|we|our)'))) return null;
  const told = clean(original.replace(/[.!?]+$/, ''));
  if (told.split(' ').length < 3 || told.length > 160) return null;
  const about = line.match(pattern('my [<s>#Noun+]')).groups('s') as Doc | undefined;
  const subject = clean(about?.text() ?? '').toLowerCase();
  return { kind: 'event', subject, value: told };
}

function clean(text: string): string {
  return text
    .replace(/^[\s,;:'"“”‘’-]+|[\s,;:'"“”‘’.!?-]+$/g, '')
    .replace(/'s$/, '')
    .replace(/\s+/g, ' ');
}

/** The same slot: a second "my dog is called Rex" replaces the first; likes and events accumulate by value. */
export function sameFact(a: ExtractedFact, b: ExtractedFact): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'like' && a.subject === '') return a.value.toLowerCase() === b.value.toLowerCase();
  if (a.kind === 'dislike' || a.kind === 'event') return a.value.toLowerCase() === b.value.toLowerCase();
  return a.subject === b.subject;
}

/** The fact as a sentence, to the user ("Your dog is called Biscuit.") or about them ("Their dog is called Biscuit."). */
export function factSentence(
  fact: Pick<MemoryFact, 'kind' | 'subject' | 'value'>,
  to: 'you' | 'they',
): string {
  const you = to === 'you';
  const your = you ? 'Your' : 'Their';
  const are = you ? 'You are' : 'They are';
  const v = fact.value;
  const retold = (text: string): string => (you ? toSecondPerson(text) : toThirdPerson(text));
  switch (fact.kind) {
    case 'name':
      return `${your} name is ${v}.`;
    case 'age':
      return `${are} ${v} years old.`;
    case 'work':
      return fact.subject === 'workplace'
        ? `${you ? 'You work' : 'They work'} at ${v}.`
        : `${you ? 'You work' : 'They work'} as ${withArticle(v)}.`;
    case 'home':
      return `${you ? 'You live' : 'They live'} in ${v}.`;
    case 'origin':
      return `${are} from ${v}.`;
    case 'pet':
    case 'person':
      return `${your} ${fact.subject} is called ${v}.`;
    case 'like':
      return fact.subject
        ? `${your} favourite ${fact.subject} is ${retold(v)}.`
        : `${you ? 'You love' : 'They love'} ${retold(v)}.`;
    case 'dislike':
      return fact.subject === 'allergy'
        ? `${are} allergic to ${retold(v)}.`
        : `${you ? "You can't stand" : "They can't stand"} ${retold(v)}.`;
    default:
      return `${capitalise(retold(v))}.`;
  }
}

function withArticle(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}
