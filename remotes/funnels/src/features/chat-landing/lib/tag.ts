/** The pre-landing tag of a chat funnel page (000 §2.1): `chat_funnel_{chatId}`, or `fake_chat` without a chat id. */
export function preLandingTag(chatId: string | null | undefined): string {
  const id = chatId?.trim();
  return id ? `chat_funnel_${id}` : 'fake_chat';
}

/** Picks one character for a chat id, the same one every time (the funnel list's order is stable). */
export function pickFor<T>(list: readonly T[], chatId: string | null): T | null {
  if (list.length === 0) return null;
  let hash = 0;
  for (const char of chatId ?? '') hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return list[hash % list.length] ?? null;
}
