// The companion's bench (ADR 0360), printed, never asserted:
// - Recall: a scripted 200-turn conversation tells 20 facts at seeded random points and asks for each later, through
//   the real path (the chat read with its memory as the hub does it, the engine, the stored turns, the memory
//   update after each reply on an in-memory PGlite): facts recalled / asked, per engine.
// - Quality probes: 50 scripted user lines (feelings, questions, small talk, references back): replies with an
//   echoed fragment (a pair of the line's words glued back), replies repeated within the chat's last 20 turns,
//   replies out of character (another name, age or job, or "as an AI").
// - Cost: the memory update per reply (off the send path), the engine's first piece and its whole reply text.
// - The local model (ADR 0380) plays the same 200 turns on the tiny random-weight GGUF of the tests (or the model at
//   COMPANION_MODEL_PATH). Random weights recall nothing, so its line measures the plumbing: for each asked fact,
//   whether the told fact is in the prompt the model evaluated (its chat template after the history was fitted to
//   the context; the memory block and the model-written summary within their budget). The quality probes are not
//   played on it (its replies are noise). With a real model file the reply recall is printed too.
// Run: pnpm --filter @companion/api bench:companion   (LOCAL_BENCH_TOKENS, 32: tokens a local reply or summary)

import { createDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPersonaEngine } from '../src/engines/companion/index.ts';
import type { CompanionEngine } from '../src/engines/companion/index.ts';
import { echoedPairs } from '../src/engines/companion/language.ts';
import { createLlamaEngine } from '../src/engines/companion/llama-engine.ts';
import type { LlamaPrompt } from '../src/engines/companion/llama-engine.ts';
import { seeded } from '../src/engines/companion/persona-engine.ts';
import { tinyGgufPath } from '../src/engines/companion/tiny-gguf.ts';
import { appendMessage } from '../src/features/chats/chat-service.ts';
import { createChatMemory } from '../src/features/chats/memory/memory-service.ts';
import { credit, getBalance, spend } from '../src/features/tokens/ledger.ts';
import { userWithChat } from '../src/hubs/chat-fixtures.ts';
import { createDbChatStore } from '../src/hubs/db-chat-store.ts';
import type { HubChat } from '../src/hubs/ports.ts';

/** What the fixture's character ('Mia', 25, a barista) must stay. */
const CHARACTER = { name: 'Mia', age: 25, occupation: 'barista' };

const FACTS: Array<{ tell: string; ask: string; expect: string }> = [
  { tell: 'By the way, my name is Daniel', ask: "what's my name?", expect: 'Daniel' },
  { tell: "My dog's name is Biscuit", ask: "Do you remember my dog's name?", expect: 'Biscuit' },
  { tell: 'I have a cat named Luna', ask: "what's my cat called?", expect: 'Luna' },
  { tell: 'My sister Anna lives nearby', ask: "do you remember my sister's name?", expect: 'Anna' },
  { tell: 'I work as a nurse', ask: 'what do I do for work?', expect: 'nurse' },
  { tell: 'I live in Lisbon', ask: 'where do I live?', expect: 'Lisbon' },
  { tell: "I'm from Porto originally", ask: 'where am I from?', expect: 'Porto' },
  { tell: "I'm 29 years old", ask: 'how old am I?', expect: '29' },
  { tell: 'My favourite band is Radiohead', ask: "what's my favourite band?", expect: 'Radiohead' },
  { tell: 'My favorite food is ramen', ask: 'do you remember my favorite food?', expect: 'ramen' },
  { tell: 'My best friend is called Jake', ask: 'who is my best friend?', expect: 'Jake' },
  { tell: 'My boss Martin is so strict', ask: "what's my boss's name?", expect: 'Martin' },
  { tell: "I'm allergic to peanuts", ask: "do you remember what I'm allergic to?", expect: 'peanuts' },
  { tell: 'I hate mornings', ask: 'what do I hate?', expect: 'mornings' },
  { tell: 'I love hiking', ask: 'what do I love?', expect: 'hiking' },
  { tell: 'My brother is called Leo', ask: "what's my brother's name?", expect: 'Leo' },
  { tell: "My girlfriend's name is Maya", ask: "do you remember my girlfriend's name?", expect: 'Maya' },
  { tell: 'My birthday is on March 3rd', ask: 'when is my birthday?', expect: 'March 3rd' },
  { tell: "My mom's name is Helen", ask: "what's my mom's name?", expect: 'Helen' },
  { tell: 'My favourite colour is green', ask: "what's my favourite colour?", expect: 'green' },
];

const SMALL_TALK = [
  'lol',
  'haha that is funny',
  'what are you up to?',
  "I'm bored",
  'tell me something',
  'the weather is weird today',
  'how was your day?',
  "I'm so tired",
  'work was busy',
  'ok',
  'hmm',
  'I made coffee',
  'you are sweet',
  'I watched a movie last night',
  'what do you like to do?',
  'nice',
  'I went for a run',
  'thanks',
  'that sounds fun',
  'good morning',
];

// 50 probe lines: feelings, questions, small talk, and references back to what was said.
const PROBES = [
  'hi!',
  "I'm Sam, by the way",
  "My dog's name is Pepper",
  'I had a rough day at work, my boss yelled at me',
  "I'm really stressed about money",
  'do you remember what I said about my boss?',
  'I got promoted today!',
  'what do you do for fun?',
  'how old are you?',
  "what's your job?",
  'tell me about yourself',
  'I feel lonely tonight',
  'my sister is visiting next week',
  'I cooked pasta for dinner',
  'the weather is so nice today',
  'do you like music?',
  'I watched a scary movie',
  'I can’t sleep',
  "what's my name?",
  "Do you remember my dog's name?",
  'you are so cute',
  'I love talking to you',
  'I went hiking with friends',
  'my mom called me',
  'I have an exam tomorrow',
  'I passed my exam!',
  'what should I eat?',
  'are you real?',
  "I'm bored",
  'tell me a secret',
  'lol',
  'that is funny',
  'I broke up with my girlfriend',
  'my cat is sick',
  'I am learning guitar',
  'I hate my commute',
  'what are you doing right now?',
  'I am so happy today',
  'thanks for listening',
  'do you remember where I work?',
  'I feel anxious',
  'good morning!',
  'I bought new shoes',
  'my friend forgot my birthday',
  'do you miss me?',
  'how was your day?',
  'I am going to the beach this weekend',
  'what do you think about love?',
  'ok',
  'good night',
];

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (n: number): string => `${n.toFixed(2)} ms`;

/** A 200-turn script: each fact told once, asked 15–70 turns later; small talk in between. */
function recallScript(): Array<{ line: string; expect?: string }> {
  const random = seeded(30);
  const turns: Array<{ line: string; expect?: string } | null> = Array.from({ length: 200 }, () => null);
  const free = (from: number, to: number): number => {
    for (;;) {
      const i = from + Math.floor(random() * (to - from));
      if (turns[i] === null) return i;
    }
  };
  for (const fact of FACTS) {
    const told = free(0, 120);
    turns[told] = { line: fact.tell };
    const asked = free(told + 15, Math.min(199, told + 70));
    turns[asked] = { line: fact.ask, expect: fact.expect };
  }
  return turns.map((turn, i) => turn ?? { line: SMALL_TALK[i % SMALL_TALK.length]! });
}

interface Turn {
  line: string;
  reply: string;
  /** The prompt the local model evaluated for this reply (null for the embedded engine). */
  prompt: LlamaPrompt | null;
  /** The memory handed to the engine with this send (its facts and summary), as text. */
  memory: string;
  firstPieceMs: number;
  replyMs: number;
  learnMs: number;
}

/** Plays `lines` in a fresh chat the way the hub does; returns each turn with its timings. */
async function play(db: Database, engine: CompanionEngine, lines: string[]): Promise<Turn[]> {
  const store = createDbChatStore({ db, ledger: { spend, credit, getBalance } });
  const memory = createChatMemory({ db, engine });
  const { userId, chatId } = await userWithChat(db, null);
  await db.query(
    `UPDATE person_models SET persona = '{"occupation":"barista","personality":"playful"}'
     WHERE id = (SELECT person_model_id FROM chats WHERE id = $1)`,
    [chatId],
  );
  const turns: Turn[] = [];
  for (const line of lines) {
    lastPrompt = null;
    const chat = (await store.findChat(userId, chatId)) as HubChat;
    await appendMessage(db, chatId, 'user', { message: line });
    const start = performance.now();
    let reply = '';
    let firstPieceMs = -1;
    for await (const piece of engine.reply(
      {
        character: chat.character,
        history: chat.history.slice(-20),
        userMessage: line,
        ...(chat.memory ? { memory: chat.memory } : {}),
      },
      new AbortController().signal,
    )) {
      if (firstPieceMs < 0) firstPieceMs = performance.now() - start;
      reply += piece;
    }
    const replyMs = performance.now() - start;
    const prompt = lastPrompt as LlamaPrompt | null;
    await appendMessage(db, chatId, 'character', { message: reply.trim() });
    const learnStart = performance.now();
    await memory.afterReply({ chatId, userText: line, character: chat.character });
    const given = chat.memory ? [...chat.memory.facts, chat.memory.summary ?? ''].join('\n') : '';
    turns.push({
      line,
      reply: reply.trim(),
      prompt,
      memory: given,
      firstPieceMs,
      replyMs,
      learnMs: performance.now() - learnStart,
    });
  }
  return turns;
}

/** Why a reply is out of character, or null: another name, age or job, or talk of being an AI. */
function outOfCharacter(reply: string): string | null {
  if (/\b(as an ai|language model|ai assistant|i am an assistant|i'm an assistant)\b/i.test(reply))
    return 'AI talk';
  const name = reply.match(/\bI(?:'m| am) ([A-Z][a-z]+)\b(?!,? (?:so|really|just|not|glad|sorry|here))/);
  if (
    name &&
    name[1] !== CHARACTER.name &&
    !/^(Good|Okay|Fine|Doing|Happy|Sure|Always|Still|Ready|Curious)$/.test(name[1]!)
  )
    return `name ${name[1]}`;
  const age = reply.match(/\bI(?:'m| am) (\d{1,3})\b/);
  if (age && Number(age[1]) !== CHARACTER.age) return `age ${age[1]}`;
  const job = reply.match(/\bI work as an? ([a-z ]+?)[.,!]/i);
  if (job && job[1]!.toLowerCase() !== CHARACTER.occupation) return `job ${job[1]}`;
  return null;
}

const db = await createDatabase({ dataDir: null });
await migrate(db);
/** The reply prompt the local model evaluated last (its summaries' prompts are left out). */
let lastPrompt: LlamaPrompt | null = null;
const realModel = process.env.COMPANION_MODEL_PATH?.trim() || null;
const LOCAL_CONTEXT = 2048;
const LOCAL_TOKENS = Number(process.env.LOCAL_BENCH_TOKENS ?? 32);
const local = createLlamaEngine({
  modelPath: realModel ?? (await tinyGgufPath()),
  threads: Number(process.env.COMPANION_MODEL_THREADS ?? 1),
  contextSize: LOCAL_CONTEXT,
  maxTokens: LOCAL_TOKENS,
  // Greedy: a random-weight model then never ends at once, so each reply reaches its first token.
  ...(realModel ? {} : { temperature: 0 }),
  onPrompt: (prompt) => {
    if (prompt.kind === 'reply') lastPrompt = prompt;
  },
});
await local.ready();
const engines: Array<{ name: string; engine: CompanionEngine; plumbing?: boolean }> = [
  { name: 'embedded', engine: createPersonaEngine({ wordDelayMs: 0 }) },
  {
    name: realModel
      ? `local model (${realModel.split('/').at(-1)})`
      : 'local model (tiny random-weight GGUF: plumbing only)',
    engine: local,
    plumbing: true,
  },
];

console.log('companion bench (ADR 0360)\n');
console.log(
  '| engine | recall (recalled / asked) | echoed | repeated | out of character | memory update per reply p50 / p95 |',
);
console.log('|---|---|---|---|---|---|');
const missed: string[] = [];
const plumbingNotes: string[] = [];
for (const { name, engine, plumbing } of engines) {
  const script = recallScript();
  const recall = await play(
    db,
    engine,
    script.map((t) => t.line),
  );
  let asked = 0;
  let recalled = 0;
  let inPrompt = 0;
  let inMemoryBlock = 0;
  for (const [i, turn] of recall.entries()) {
    const expected = script[i]!.expect;
    if (!expected) continue;
    asked += 1;
    if (turn.reply.toLowerCase().includes(expected.toLowerCase())) recalled += 1;
    else if (!plumbing || realModel)
      missed.push(`  ${name}: "${turn.line}" → "${turn.reply}" (expected ${expected})`);
    if (!plumbing) continue;
    const value = expected.toLowerCase();
    const text = turn.prompt?.text.toLowerCase() ?? '';
    if (text.includes(value)) {
      inPrompt += 1;
      // Came with the memory (facts block or summary), not only in a verbatim turn.
      if (turn.memory.toLowerCase().includes(value)) inMemoryBlock += 1;
    } else
      missed.push(
        `  ${name}: "${turn.line}": ${expected} not in the prompt (${turn.prompt?.tokens ?? 0} tokens)`,
      );
  }
  if (plumbing) {
    const tokens = recall.map((t) => t.prompt?.tokens ?? 0);
    const learn = recall.map((t) => t.learnMs);
    const replyRecall = realModel ? `${recalled}/${asked} recalled; ` : '';
    console.log(
      `| ${name} | ${replyRecall}${inPrompt}/${asked} facts in prompt | n/a | n/a | n/a | ${ms(percentile(learn, 50))} / ${ms(percentile(learn, 95))} |`,
    );
    plumbingNotes.push(
      `${name}: "facts in prompt / asked" counts the asked facts whose told value is in the prompt the model ` +
        `evaluated (its chat template, after the history was fitted to the ${LOCAL_CONTEXT}-token context); ` +
        `${inMemoryBlock}/${asked} got there with the chat's memory (the facts block or the model-written summary): ` +
        `each fact is told 15–70 turns before it is asked, beyond the 20 turns sent verbatim. ` +
        `${realModel ? '' : 'A random-weight model recalls nothing: this is the plumbing, not recall. '}` +
        `Prompt tokens p50 ${percentile(tokens, 50)}, max ${Math.max(...tokens)} of ${LOCAL_CONTEXT}; ` +
        `replies and summaries ${LOCAL_TOKENS} tokens at most; the memory update here includes the model's summaries.`,
    );
    continue;
  }
  const probes = await play(db, engine, PROBES);
  let echoed = 0;
  let repeated = 0;
  let outOf = 0;
  const flagged: string[] = [];
  for (const [i, turn] of probes.entries()) {
    const pairs = echoedPairs(turn.reply, turn.line);
    if (pairs.length > 0) {
      echoed += 1;
      flagged.push(`  echo ${pairs.join(', ')}: "${turn.line}" → "${turn.reply}"`);
    }
    // The chat's last 20 turns hold the last 10 replies.
    if (probes.slice(Math.max(0, i - 10), i).some((earlier) => earlier.reply === turn.reply)) {
      repeated += 1;
      flagged.push(`  repeat: "${turn.reply}"`);
    }
    const why = outOfCharacter(turn.reply);
    if (why) {
      outOf += 1;
      flagged.push(`  out of character (${why}): "${turn.reply}"`);
    }
  }
  const learn = [...recall, ...probes].map((t) => t.learnMs);
  console.log(
    `| ${name} | ${recalled}/${asked} | ${echoed} | ${repeated} | ${outOf} | ${ms(percentile(learn, 50))} / ${ms(percentile(learn, 95))} |`,
  );
  const all = [...recall, ...probes];
  console.log(
    `\n${name}: first piece p50 ${ms(
      percentile(
        all.map((t) => t.firstPieceMs),
        50,
      ),
    )}, p95 ${ms(
      percentile(
        all.map((t) => t.firstPieceMs),
        95,
      ),
    )}; whole reply text (no word pauses) p50 ${ms(
      percentile(
        all.map((t) => t.replyMs),
        50,
      ),
    )}, p95 ${ms(
      percentile(
        all.map((t) => t.replyMs),
        95,
      ),
    )}`,
  );
  if (flagged.length > 0) console.log(`${name}: flagged probes\n${flagged.join('\n')}`);
}
for (const note of plumbingNotes) console.log(`\n${note}`);
if (missed.length > 0) console.log(`\nnot recalled:\n${missed.join('\n')}`);
await local.close();
await db.close();
