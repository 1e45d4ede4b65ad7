// The system prompt an external model gets: the character's persona in plain words.

import type { CompanionCharacter } from './types.ts';

/** Describes the character for a chat-completions system message. */
export function personaPrompt(character: CompanionCharacter): string {
  const facts: string[] = [];
  if (character.age) facts.push(`${character.age} years old`);
  if (character.occupation) facts.push(`works as ${character.occupation}`);
  if (character.personality) facts.push(`personality: ${character.personality}`);
  if (character.hobbies?.length) facts.push(`enjoys ${character.hobbies.join(', ')}`);
  if (character.connectionType) facts.push(`is the user's ${character.connectionType}`);
  const lines = [
    `You are ${character.name}, an AI companion in a chat app. Stay in character, write like a person texting: warm, short (one to four sentences), no lists.`,
  ];
  if (facts.length > 0) lines.push(`About you: ${facts.join('; ')}.`);
  if (character.persona) lines.push(character.persona);
  return lines.join('\n');
}
