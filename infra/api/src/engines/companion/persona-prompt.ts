// The prompt a model gets (every engine with a model: the OpenAI-compatible adapter and the local model): the
// character in plain words, its Character Card fields, what it remembers of the user, then the conversation.

import type { CompanionCharacter, CompanionMemory, CompanionRequest } from './types.ts';

/** One chat-completions message. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Describes the character for a chat-completions system message, with its card's fields and the chat's memory. */
export function personaPrompt(
  character: CompanionCharacter,
  memory?: CompanionMemory,
  user = 'the user',
): string {
  const facts: string[] = [];
  if (character.age) facts.push(`${character.age} years old`);
  if (character.occupation) facts.push(`works as ${character.occupation}`);
  if (character.personality) facts.push(`personality: ${character.personality}`);
  if (character.hobbies?.length) facts.push(`enjoys ${character.hobbies.join(', ')}`);
  if (character.connectionType) facts.push(`is the user's ${character.connectionType}`);
  const card = character.card ?? {};
  const fill = (text: string): string => placeholders(text, character.name, user);
  const lines = [
    `You are ${character.name}, an AI companion in a chat app. Stay in character, write like a person texting: warm, short (one to four sentences), no lists.`,
  ];
  if (facts.length > 0) lines.push(`About you: ${facts.join('; ')}.`);
  if (card.description) lines.push(fill(card.description));
  else if (character.persona) lines.push(character.persona);
  if (card.personality) lines.push(`Your personality: ${fill(card.personality)}`);
  if (card.scenario) lines.push(`Scenario: ${fill(card.scenario)}`);
  if (memory?.facts.length)
    lines.push(
      `What you remember about the user (they told you):\n${memory.facts.map((f) => `- ${f}`).join('\n')}`,
    );
  if (memory?.summary) lines.push(`Earlier in this chat: ${memory.summary}`);
  if (card.mesExample)
    lines.push(`How you talk (examples):\n${fill(card.mesExample.replace(/<START>\s*/gi, '').trim())}`);
  const prompt = lines.join('\n');
  // A card's own system prompt replaces ours; {{original}} in it stands for ours (Character Card V2).
  return card.systemPrompt ? fill(card.systemPrompt.replaceAll('{{original}}', prompt)) : prompt;
}

/**
 * The whole conversation as chat-completions messages: the system prompt, the last `historyTurns` turns, the user's
 * line, and the card's post-history instructions last, right before the model answers.
 */
export function chatMessages(request: CompanionRequest, historyTurns: number): ChatMessage[] {
  const user = request.memory?.items?.find((f) => f.kind === 'name')?.value ?? 'the user';
  const after = request.character.card?.postHistoryInstructions;
  return [
    { role: 'system', content: personaPrompt(request.character, request.memory, user) },
    ...request.history.slice(-historyTurns).map((turn): ChatMessage => ({
      role: turn.sender === 'user' ? 'user' : 'assistant',
      content: turn.text,
    })),
    { role: 'user', content: request.userMessage },
    ...(after
      ? [{ role: 'system' as const, content: placeholders(after, request.character.name, user) }]
      : []),
  ];
}

/** Fills a card's `{{char}}` and `{{user}}` (any case). */
export function placeholders(text: string, char: string, user: string): string {
  return text.replace(/\{\{char\}\}/gi, char).replace(/\{\{user\}\}/gi, user);
}
