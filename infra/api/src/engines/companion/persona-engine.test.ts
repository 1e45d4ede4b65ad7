// The embedded persona engine: in character, uses the persona and the conversation, varies, streams and stops.

import { describe, expect, it } from 'vitest';
import { composeReply, createPersonaEngine } from './persona-engine.ts';
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

  it('should pick up the topic of the user message', () => {
    const text = composeReply(
      { character: mia, history: [], userMessage: 'I adopted a kitten yesterday' },
      seq(0.1),
    );
    expect(text).toMatch(/kitten|adopted|yesterday/);
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
