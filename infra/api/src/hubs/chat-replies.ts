// Replies being generated, kept apart from any connection so they survive reconnects and chat switches.

import { randomUUID } from 'node:crypto';
import type { ChatReplyItem } from '@companion/contracts';
import { HubError } from '@companion/hubs';

/** One stream item of `chatHub.SendMessage` / `ResumeReply` (the wire type lives in @companion/contracts). */
export type { ChatReplyItem };

/** Lifecycle of a reply. */
export type ReplyStatus = 'running' | 'completed' | 'failed' | 'cancelled';

/** A reply in progress or recently finished, with every item so far. */
export class ReplyRun {
  readonly replyId = randomUUID();
  readonly items: ChatReplyItem[] = [];
  status: ReplyStatus = 'running';
  error: string | null = null;
  readonly controller = new AbortController();
  private readonly waiters = new Set<() => void>();
  private readonly observers = new Set<(item: ChatReplyItem | null) => void>();

  constructor(
    readonly userId: string,
    readonly chatId: string,
    /** The client's id of the send (SendMessage's third argument), so a resend finds this run. */
    readonly clientMessageId: string | null = null,
  ) {}

  push(item: DistributiveOmit<ChatReplyItem, 'index' | 'replyId'>): void {
    const full = { ...item, replyId: this.replyId, index: this.items.length } as ChatReplyItem;
    this.items.push(full);
    for (const observer of this.observers) observer(full);
    this.wake();
  }

  /** Calls `observer` with every later item, then once with null when the run ends (the relay to other instances). */
  observe(observer: (item: ChatReplyItem | null) => void): void {
    this.observers.add(observer);
  }

  finish(status: Exclude<ReplyStatus, 'running'>, error: string | null = null): void {
    if (this.status !== 'running') return;
    this.status = status;
    this.error = error;
    for (const observer of this.observers) observer(null);
    this.observers.clear();
    this.wake();
  }

  /** Items after `afterIndex`, then live ones until the reply ends; a failed reply ends with its error code. */
  async *watch(afterIndex: number, signal: AbortSignal): AsyncGenerator<ChatReplyItem> {
    let next = Math.max(0, afterIndex + 1);
    for (;;) {
      while (next < this.items.length) yield this.items[next++] as ChatReplyItem;
      if (this.status === 'failed') throw new HubError(this.error ?? 'generation_failed');
      if (this.status !== 'running' || signal.aborted) return;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.waiters.delete(done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        this.waiters.add(done);
        signal.addEventListener('abort', done, { once: true });
      });
    }
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** Summary of a reply a client may resume. */
export interface ActiveReply {
  replyId: string;
  chatId: string;
  status: ReplyStatus;
  lastIndex: number;
}

/** Per-instance registry of replies; finished ones stay resumable for `retainMs`. */
export class ReplyRegistry {
  private readonly runs = new Map<string, ReplyRun>();

  constructor(private readonly retainMs = 5 * 60_000) {}

  start(userId: string, chatId: string, clientMessageId: string | null = null): ReplyRun {
    const run = new ReplyRun(userId, chatId, clientMessageId);
    this.runs.set(run.replyId, run);
    return run;
  }

  /** Forgets a run that never started (refused before anything was stored or spent). */
  discard(run: ReplyRun): void {
    run.finish('failed');
    this.runs.delete(run.replyId);
  }

  /** Forgets a run at once (what a restart does to every run; tests use it). */
  forget(replyId: string): void {
    this.runs.delete(replyId);
  }

  /** Forgets a finished run after the retention time. */
  retire(run: ReplyRun): void {
    setTimeout(() => this.runs.delete(run.replyId), this.retainMs).unref();
  }

  /** A run of this user (another user's reply id looks absent). */
  get(userId: string, replyId: string): ReplyRun | null {
    const run = this.runs.get(replyId);
    return run && run.userId === userId ? run : null;
  }

  /** The run a send with this client id started in this chat (running or retained), else null. */
  forClientMessage(userId: string, chatId: string, clientMessageId: string): ReplyRun | null {
    for (const run of this.runs.values())
      if (run.userId === userId && run.chatId === chatId && run.clientMessageId === clientMessageId)
        return run;
    return null;
  }

  runningFor(userId: string, chatId: string): ReplyRun | null {
    for (const run of this.runs.values())
      if (run.userId === userId && run.chatId === chatId && run.status === 'running') return run;
    return null;
  }

  list(userId: string, chatId?: string): ActiveReply[] {
    return [...this.runs.values()]
      .filter((run) => run.userId === userId && (chatId === undefined || run.chatId === chatId))
      .map((run) => ({
        replyId: run.replyId,
        chatId: run.chatId,
        status: run.status,
        lastIndex: run.items.length - 1,
      }));
  }

  /**
   * Stops every running reply (server shutdown) and waits, at most `graceMs`, until each has stored its partial
   * text or refunded, so the database is not closed under them.
   */
  async abortAll(graceMs = 5000): Promise<void> {
    const running = [...this.runs.values()].filter((run) => run.status === 'running');
    for (const run of running) run.controller.abort();
    const deadline = Date.now() + graceMs;
    while (running.some((run) => run.status === 'running') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
