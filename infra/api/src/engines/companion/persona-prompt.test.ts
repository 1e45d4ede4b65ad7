// ADRs 0360, 0361: every engine with a model gets the character's card fields and the chat's memory.

import { describe, expect, it } from 'vitest';
import { chatMessages } from './persona-prompt.ts';
import type { CompanionRequest } from './types.ts';

const request: CompanionRequest = {
  character: {
    name: 'Seraphina',
    age: 27,
    card: {
      description: '{{char}} is a guardian of the forest glade.',
      personality: 'gentle, protective',
      scenario: '{{user}} wakes up in {{char}}’s glade, hurt.',
      mesExample: '<START>\n{{user}}: Who are you?\n{{char}}: *smiles* I am Seraphina.',
      postHistoryInstructions: 'Stay gentle; describe {{char}}’s actions in asterisks.',
    },
  },
  history: [
    { sender: 'user', text: 'Hello' },
    { sender: 'character', text: 'Hi there.' },
  ],
  userMessage: 'Do you remember my dog?',
  memory: {
    facts: ['Their name is Tom.', 'Their dog is called Biscuit.'],
    summary: 'They said they had a long week.',
    items: [{ id: '1', kind: 'name', subject: '', value: 'Tom', at: '' }],
  },
};

describe('the prompt of a model', () => {
  it('should carry the card’s fields and the memory, with the placeholders filled', () => {
    const [system] = chatMessages(request, 20);
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Seraphina is a guardian of the forest glade.');
    expect(system!.content).toContain('Your personality: gentle, protective');
    expect(system!.content).toContain('Scenario: Tom wakes up in Seraphina’s glade, hurt.');
    expect(system!.content).toContain('Tom: Who are you?\nSeraphina: *smiles* I am Seraphina.');
    expect(system!.content).not.toContain('<START>');
    expect(system!.content).toContain('- Their dog is called Biscuit.');
    expect(system!.content).toContain('Earlier in this chat: They said they had a long week.');
  });

  it('should put the history in order and the post-history instructions last', () => {
    const messages = chatMessages(request, 20);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'system']);
    expect(messages.at(-1)!.content).toBe('Stay gentle; describe Seraphina’s actions in asterisks.');
  });

  it('should let a card’s system prompt replace the default, keeping it where {{original}} stands', () => {
    const [system] = chatMessages(
      {
        ...request,
        character: { name: 'Ana', card: { systemPrompt: 'Be {{char}}. {{original}} Never break.' } },
      },
      20,
    );
    expect(system!.content).toMatch(/^Be Ana\. You are Ana, an AI companion/);
    expect(system!.content).toMatch(/Never break\.$/);
  });
});
