// The embedded persona engine: in character, uses the persona and the conversation, varies, streams and stops.

import { beforeAll, describe, expect, it } from 'vitest';
import { echoedPairs } from './language.ts';
import { composeReply, createPersonaEngine } from './persona-engine.ts';
import { learnFacts, mergeFacts, memoryForPrompt } from '../../features/chats/memory/memory-service.ts';
import type { StoredFact } from '../../features/chats/memory/memory-store.ts';
import type { CompanionRequest } from './types.ts';

const mia: CompanionRequest['character'] = {
  name: 'Mia',
  occupation: 'marine biologist',
  hobbies: ['surfing', 'sketching'],
  personality: 'Caregiver',
};

function seq(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length] as number;
}

describe('embedded persona engine', () => {
  it('should answer "tell me about yourself" with the persona facts', () => {
    const text = composeReply({ character: mia, history: [], userMessage: 'Tell me about yourself' }, seq(0));
    expect(text).toContain('Mia');
    expect(text).toContain('marine biologist');
    expect(text).toMatch(/surfing|sketching/);
  });

  it('should answer on the topic of the user message in its own words', () => {
    const text = composeReply(
      { character: mia, history: [], userMessage: 'My kitten was sick all night and the vet was closed' },
      seq(0.1),
    );
    expect(text).toMatch(/poor thing|feel better|okay|worrying/i);
    expect(echoedPairs(text, 'My kitten was sick all night and the vet was closed')).toEqual([]);
  });

  it('should comfort a user who feels low, in a caring voice', () => {
    const text = composeReply(
      { character: mia, history: [], userMessage: "I'm so tired and lonely tonight" },
      seq(0),
    );
    expect(text).toMatch(/tired|lonely|rough|here/);
    expect(text.startsWith('Hey,') || text.startsWith('Aww,') || text.startsWith('Oh sweetheart,')).toBe(
      true,
    );
  });

  it('should vary replies across a conversation and never repeat the previous one', () => {
    const seen = new Set<string>();
    const history: CompanionRequest['history'] = [];
    for (const message of ['hi', 'hello again', 'hey', 'hi there', 'hey hey']) {
      const text = composeReply({ character: mia, history, userMessage: message }, Math.random);
      expect(text).not.toBe(history.at(-1)?.text);
      seen.add(text);
      history.push({ sender: 'user', text: message }, { sender: 'character', text });
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });

  it('should speak differently for a bold character than for a shy one', () => {
    const bold = composeReply(
      { character: { name: 'Rex', personality: 'Dominant' }, history: [], userMessage: 'ok' },
      seq(0),
    );
    const shy = composeReply(
      { character: { name: 'Yui', personality: 'Shy' }, history: [], userMessage: 'ok' },
      seq(0),
    );
    expect(bold.split(' ')[0]).toBe('Listen,');
    expect(shy.split(' ')[0]).toBe('Oh…');
  });

  it('should stream the reply word by word and stop when aborted', async () => {
    const engine = createPersonaEngine({ wordDelayMs: 0 });
    const request = { character: mia, history: [], userMessage: 'What do you do for fun?' };
    const pieces: string[] = [];
    for await (const piece of engine.reply(request, new AbortController().signal)) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(3);
    // Seeded by the conversation, so the same input replays the same reply.
    const again: string[] = [];
    for await (const piece of engine.reply(request, new AbortController().signal)) again.push(piece);
    expect(again.join('')).toBe(pieces.join(''));

    const controller = new AbortController();
    const partial: string[] = [];
    for await (const piece of createPersonaEngine({ wordDelayMs: 1 }).reply(request, controller.signal)) {
      partial.push(piece);
      if (partial.length === 2) controller.abort();
    }
    expect(partial.length).toBe(2);
  });
});

/** Plays a conversation the way the hub does: the engine sees the last 20 turns and the memory built so far. */
async function converse(character: CompanionRequest['character'], lines: string[]): Promise<string[]> {
  const history: CompanionRequest['history'] = [];
  let facts: StoredFact[] = [];
  const replies: string[] = [];
  for (const line of lines) {
    const memory = memoryForPrompt({ facts, summary: null, summarizedSeq: 0 });
    const request = {
      character,
      history: history.slice(-20),
      userMessage: line,
      ...(memory ? { memory } : {}),
    };
    const reply = composeReply(request, seeded(replies.length + 1));
    replies.push(reply);
    history.push({ sender: 'user', text: line }, { sender: 'character', text: reply });
    facts = mergeFacts(facts, await learnFacts(line, new Date()));
  }
  return replies;
}

function seeded(seed: number): () => number {
  let a = seed * 7919;
  return () => {
    a = (a * 9301 + 49297) % 233280;
    return a / 233280;
  };
}

const sofia: CompanionRequest['character'] = {
  name: 'Sofia',
  age: 24,
  occupation: 'Barista',
  hobbies: ['Painting', 'Yoga'],
  personality: 'Playful',
  connectionType: 'girlfriend',
};

describe('embedded persona engine: the transcript of ADR 0360', () => {
  const lines = [
    "My dog's name is Biscuit",
    'I had a rough day at work, my boss yelled at me',
    'do you remember what I said about my boss?',
    'I went for a walk after',
    'the weather was nice at least',
    'I made pasta for dinner',
    'I watched a movie',
    'it was a comedy',
    "Do you remember my dog's name?",
  ];
  let replies: string[] = [];
  beforeAll(async () => {
    replies = await converse(sofia, lines);
  });

  it('should comfort the user about work without echoing their words', () => {
    expect(replies[1]).toMatch(/work|sorry|exhausting|side/i);
    for (const [i, reply] of replies.entries()) expect(echoedPairs(reply, lines[i]!)).toEqual([]);
  });

  it('should tell back what the user said about their boss', () => {
    expect(replies[2]).toMatch(/your boss yelled at you/i);
  });

  it('should give the dog’s name back, told seven turns earlier', () => {
    expect(replies[8]).toContain('Biscuit');
  });

  it('should answer "what’s my name?" from memory, and say so when it was never told', async () => {
    const [before, , after] = await converse(sofia, ["what's my name?", 'my name is Tom', "what's my name?"]);
    expect(before).not.toContain('Tom');
    expect(before).toMatch(/told me|drawing a blank/);
    expect(after).toContain('Tom');
  });

  it('should never repeat a reply within the last 20 turns of small talk', async () => {
    const talk = Array.from({ length: 40 }, (_, i) => ['ok', 'hi', 'I went out', 'lol', 'nice'][i % 5]!);
    const said = await converse(sofia, talk);
    for (let i = 0; i < said.length; i++) expect(said.slice(Math.max(0, i - 10), i)).not.toContain(said[i]);
  });

  it('should stay in character: its own name, age and work', async () => {
    const [about, age] = await converse(sofia, ['tell me about yourself', 'how old are you?']);
    expect(about).toContain('Sofia');
    expect(`${about} ${age}`).toMatch(/barista|24/);
    expect(`${about} ${age}`).not.toMatch(/\bAI\b|language model|assistant/);
  });
});
