import { sessionStore, type SessionStore } from '@companion/remote-kit';

/** A message written while the chat hub was away, waiting to go out. */
export interface OutboxEntry {
  /**
   * Client id, sent as SendMessage's `clientMessageId`: the server stores one message per id and chat, so a resend
   * (a lost acknowledgement, a reload mid-send) replays the first send instead of paying twice (ADR 0220).
   */
  id: string;
  chatId: string;
  text: string;
  state: 'waiting' | 'sending';
}

type Listener = () => void;

/** A fresh client message id (a UUID where the browser offers one, random base-36 otherwise). */
export function newClientMessageId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** Reads stored entries back; anything malformed is dropped. */
export function parseEntries(raw: unknown): OutboxEntry[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.flatMap((item: Partial<OutboxEntry>) =>
    typeof item?.id === 'string' && typeof item.chatId === 'string' && typeof item.text === 'string'
      ? // Whether a send cut off by the reload reached the server is unknown: it goes again, with the same id.
        [{ id: item.id, chatId: item.chatId, text: item.text, state: 'waiting' as const }]
      : [],
  );
}

/**
 * The offline outbox: sends made while the hub is not connected wait here, per chat, in order.
 * `take` hands an entry out exactly once (waiting → sending); `settle` removes it when the server accepted it,
 * `release` puts it back when the send never reached the server. Module state, so it survives chat switches, and
 * kept in session storage, so it survives a reload of the tab.
 */
export class Outbox {
  private entries: OutboxEntry[];
  private listeners = new Set<Listener>();

  constructor(private readonly store: SessionStore<OutboxEntry[]> | null = null) {
    this.entries = store?.read() ?? [];
  }

  /** A new entry, waiting; or, given `sent`, one already handed out (sent straight away with that id). */
  add(chatId: string, text: string, sent?: OutboxEntry & { state: 'sending' }): OutboxEntry {
    const entry: OutboxEntry = sent ?? { id: newClientMessageId(), chatId, text, state: 'waiting' };
    this.entries = [...this.entries, entry];
    this.emit();
    return entry;
  }

  /** The chat's entries, oldest first. */
  list(chatId: string): OutboxEntry[] {
    return this.entries.filter((entry) => entry.chatId === chatId);
  }

  /** The chat's oldest waiting entry, now marked sending; null when none waits or one is already out. */
  take(chatId: string): OutboxEntry | null {
    const mine = this.list(chatId);
    if (mine.some((entry) => entry.state === 'sending')) return null;
    const next = mine.find((entry) => entry.state === 'waiting');
    if (!next) return null;
    const taken = { ...next, state: 'sending' as const };
    this.entries = this.entries.map((entry) => (entry.id === next.id ? taken : entry));
    this.emit();
    return taken;
  }

  /** The server stored it: it leaves the outbox. */
  settle(id: string): void {
    this.entries = this.entries.filter((entry) => entry.id !== id);
    this.emit();
  }

  /** It never reached the server: it waits again. */
  release(id: string): void {
    this.entries = this.entries.map((entry) => (entry.id === id ? { ...entry, state: 'waiting' } : entry));
    this.emit();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): readonly OutboxEntry[] {
    return this.entries;
  }

  private emit() {
    if (this.entries.length === 0) this.store?.clear();
    else this.store?.write(this.entries);
    for (const listener of this.listeners) listener();
  }
}

/** The remote's one outbox, kept per tab across reloads. */
export const outbox = new Outbox(sessionStore('chat:outbox', parseEntries));
