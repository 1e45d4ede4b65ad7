import type { Message } from '@companion/contracts';

// Words that turn a conversation romantic: the reply would need romance mode to answer in kind.
const ROMANTIC =
  /\b(kiss(es|ing)?|cuddl\w*|romanc\w*|romantic|flirt\w*|date night|go on a date|love you|in love|sexy|seduc\w*|make out|intimate|hold me|naughty|spicy|girlfriend|boyfriend|be mine)\b/i;

/**
 * The reply that calls for romance mode: the newest character reply, when it or the user message
 * before it turns romantic. Null when romance mode is on, unknown, or nothing romantic was said.
 */
export function romanceOfferFor(messages: readonly Message[], romanceActive: boolean | null): Message | null {
  if (romanceActive !== false) return null;
  const reply = messages.at(-1);
  if (!reply || reply.sender !== 'character') return null;
  const asked = messages.at(-2);
  const said = [reply.message, asked?.sender === 'user' ? asked.message : null];
  return said.some((text) => text && ROMANTIC.test(text)) ? reply : null;
}
