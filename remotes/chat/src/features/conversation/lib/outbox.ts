/** A message written while the chat hub was away, waiting to go out. */
export interface OutboxEntry {
  /** Client id: an entry is sent once, whatever re-renders or reconnects happen. */
  id: string;
  chatId: string;
  text: string;
  state: 'waiting' | 'sending';
}

type Listener = () => void;

/**
 * The offline outbox (issue 13 item 3): sends made while the hub is not connected wait here, per chat, in order.
 * `take` hands an entry out exactly once (waiting → sending); `settle` removes it when the server accepted it,
 * `release` puts it back when the send never reached the server. Module state, so it survives chat switches.
 */
export class Outbox {
  private entries: OutboxEntry[] = [];
  private listeners = new Set<Listener>();
  private seq = 0;

  add(chatId: string, text: string): OutboxEntry {
    this.seq += 1;
    const entry: OutboxEntry = {
      id: `outbox-${Date.now().toString(36)}-${this.seq}`,
      chatId,
      text,
      state: 'waiting',
    };
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
    for (const listener of this.listeners) listener();
  }
}

/** The remote's one outbox. */
export const outbox = new Outbox();
