import type { Message } from '@companion/contracts';

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** 000 §3: a message with none of text, video, image, full video or self-destructing photo is dropped. */
export function isShown(message: Message): boolean {
  return (
    filled(message.message) ||
    filled(message.videoUrl) ||
    filled(message.imageUrl) ||
    filled(message.fullVideoUrl) ||
    message.isSelfDestructingPhoto
  );
}

/**
 * Merges pages and live messages into one oldest-first list: each id once (the later copy wins, so a like or a
 * completed reply replaces what was there), empty messages dropped.
 */
export function mergeMessages(...lists: ReadonlyArray<readonly Message[]>): Message[] {
  const byId = new Map<string, Message>();
  for (const list of lists) for (const message of list) byId.set(message.id, message);
  return [...byId.values()]
    .filter(isShown)
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : 1));
}
