// Replies across instances (ADR 0265): the instance generating a reply copies its items to Redis, so a
// client that reconnects to another instance resumes it there, and notices when the owner died.

import { randomUUID } from 'node:crypto';
import { HubError } from '@companion/hubs';
import { Redis } from 'ioredis';
import type { ActiveReply, ChatReplyItem, ReplyRun, ReplyStatus } from './chat-replies.ts';

/** A reply another instance generates (or generated), as its Redis record says. */
export interface RemoteReply {
  replyId: string;
  userId: string;
  chatId: string;
  /** The instance generating it. */
  owner: string;
  status: ReplyStatus;
  error: string | null;
  lastIndex: number;
}

/** The owner of a running reply stopped heartbeating: nothing more will come, its price must be given back. */
export class ReplyOwnerGoneError extends Error {
  override readonly name = 'ReplyOwnerGoneError';
}

/** What the chat hub needs to share replies between instances. */
export interface ReplyRelay {
  /** Copies a run's items so far, then every item and its end, to the other instances. */
  publish(run: ReplyRun): void;
  /** The reply with this id when it belongs to `userId`, else null. */
  find(userId: string, replyId: string): Promise<RemoteReply | null>;
  /** The reply with this id, whoever's it is (the orphan sweep), else null. */
  get(replyId: string): Promise<RemoteReply | null>;
  /** This user's replies of the last {@link RelayOptions.retainMs}, optionally in one chat. */
  list(userId: string, chatId?: string): Promise<RemoteReply[]>;
  /** Whether the instance generating this reply still heartbeats. */
  ownerAlive(reply: RemoteReply): Promise<boolean>;
  /**
   * Items after `afterIndex`, then live ones until the reply ends (a failed one ends with its error code); throws
   * {@link ReplyOwnerGoneError} when the owner stops heartbeating before the end.
   */
  follow(reply: RemoteReply, afterIndex: number, signal: AbortSignal): AsyncGenerator<ChatReplyItem>;
  /** Records that a reply whose owner died failed (after its refund), and ends every follower. */
  markFailed(reply: RemoteReply, error: string): Promise<void>;
  /** Asks the owner to stop the reply (CancelReply from another instance). */
  cancel(reply: RemoteReply): Promise<void>;
  close(): Promise<void>;
}

/** Tunables of {@link createRedisReplyRelay}. */
export interface RelayOptions {
  /** Key prefix (tests isolate themselves). */
  prefix?: string;
  /** How long a finished reply stays resumable (the local registry's retention). */
  retainMs?: number;
  /** Heartbeat period of this instance, and how long a silent owner counts as alive. */
  heartbeatMs?: number;
  leaseMs?: number;
  /** How often `attachHubs` looks for running replies whose owner died (default 30 s). */
  orphanSweepMs?: number;
  onError?: (error: unknown, where: string) => void;
}

/** Longest a reply may run; its keys outlive it by this much at most. */
const RUN_TTL_MS = 15 * 60_000;

type RelayMessage = { item: ChatReplyItem } | { end: { status: ReplyStatus; error: string | null } };

/**
 * The relay on Redis: per reply a hash (owner, status), a list of items (index = list position) and a channel that
 * carries each item and the end; per user a sorted set of reply ids; per instance a lease key refreshed by a
 * heartbeat. An item is pushed and published in one MULTI, and a follower subscribes before it reads the list,
 * so every item is in the list it reads or arrives on the channel after: nothing is missed, and duplicates are
 * dropped by index.
 */
export function createRedisReplyRelay(url: string, options: RelayOptions = {}): ReplyRelay {
  const prefix = options.prefix ?? 'companion:replies';
  const retainMs = options.retainMs ?? 5 * 60_000;
  const heartbeatMs = options.heartbeatMs ?? 2000;
  const leaseMs = options.leaseMs ?? 10_000;
  const onError = options.onError ?? ((error, where) => console.error(`[reply relay] ${where}`, error));
  const instanceId = randomUUID();
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url);
  pub.on('error', (e: unknown) => onError(e, 'redis'));
  sub.on('error', (e: unknown) => onError(e, 'redis subscriber'));

  const key = {
    meta: (replyId: string) => `${prefix}:reply:${replyId}`,
    items: (replyId: string) => `${prefix}:reply:${replyId}:items`,
    channel: (replyId: string) => `${prefix}:reply:${replyId}`,
    user: (userId: string) => `${prefix}:user:${userId}`,
    instance: (id: string) => `${prefix}:instance:${id}`,
    cancel: (id: string) => `${prefix}:cancel:${id}`,
  };

  const runs = new Map<string, ReplyRun>();
  const listeners = new Map<string, Set<(message: RelayMessage) => void>>();
  sub.on('message', (channel: string, payload: string) => {
    if (channel === key.cancel(instanceId)) {
      runs.get(payload)?.controller.abort();
      return;
    }
    const set = listeners.get(channel);
    if (!set) return;
    const message = JSON.parse(payload) as RelayMessage;
    for (const listener of set) listener(message);
  });

  const beat = () =>
    pub.set(key.instance(instanceId), '1', 'PX', leaseMs).catch((e: unknown) => onError(e, 'heartbeat'));
  void beat();
  const heartbeat = setInterval(beat, heartbeatMs);
  heartbeat.unref();
  sub.subscribe(key.cancel(instanceId)).catch((e: unknown) => onError(e, 'subscribe cancel'));

  const run = (work: Promise<unknown>, where: string) => void work.catch((e: unknown) => onError(e, where));

  async function listen(channel: string, listener: (message: RelayMessage) => void): Promise<() => void> {
    let set = listeners.get(channel);
    if (!set) {
      set = new Set();
      listeners.set(channel, set);
    }
    set.add(listener);
    // Resolves once Redis confirmed the subscription (a second listener waits for the same confirmation).
    await sub.subscribe(channel);
    return () => {
      set.delete(listener);
      if (set.size > 0 || listeners.get(channel) !== set) return;
      listeners.delete(channel);
      run(sub.unsubscribe(channel), 'unsubscribe');
    };
  }

  function toRemote(replyId: string, meta: Record<string, string>, length: number): RemoteReply | null {
    if (!meta['user'] || !meta['chat'] || !meta['owner']) return null;
    return {
      replyId,
      userId: meta['user'],
      chatId: meta['chat'],
      owner: meta['owner'],
      status: (meta['status'] as ReplyStatus | undefined) ?? 'running',
      error: meta['error'] || null,
      lastIndex: length - 1,
    };
  }

  async function read(replyId: string): Promise<{ reply: RemoteReply | null; items: string[] }> {
    const result = await pub.multi().hgetall(key.meta(replyId)).lrange(key.items(replyId), 0, -1).exec();
    const meta = (result?.[0]?.[1] ?? {}) as Record<string, string>;
    const items = (result?.[1]?.[1] ?? []) as string[];
    return { reply: toRemote(replyId, meta, items.length), items };
  }

  async function ownerAlive(reply: RemoteReply): Promise<boolean> {
    if (reply.owner === instanceId) return runs.has(reply.replyId);
    return (await pub.exists(key.instance(reply.owner))) === 1;
  }

  return {
    publish(replyRun) {
      const { replyId } = replyRun;
      runs.set(replyId, replyRun);
      const now = Date.now();
      const start = pub
        .multi()
        .hset(key.meta(replyId), {
          user: replyRun.userId,
          chat: replyRun.chatId,
          owner: instanceId,
          status: 'running',
          error: '',
        })
        .pexpire(key.meta(replyId), RUN_TTL_MS)
        .zadd(key.user(replyRun.userId), now, replyId)
        .zremrangebyscore(key.user(replyRun.userId), '-inf', now - RUN_TTL_MS)
        .pexpire(key.user(replyRun.userId), RUN_TTL_MS);
      for (const item of replyRun.items) start.rpush(key.items(replyId), JSON.stringify(item));
      run(start.pexpire(key.items(replyId), RUN_TTL_MS).exec(), 'publish');
      replyRun.observe((item) => {
        if (item) {
          const message: RelayMessage = { item };
          run(
            pub
              .multi()
              .rpush(key.items(replyId), JSON.stringify(item))
              .publish(key.channel(replyId), JSON.stringify(message))
              .exec(),
            'item',
          );
          return;
        }
        runs.delete(replyId);
        const end: RelayMessage = { end: { status: replyRun.status, error: replyRun.error } };
        run(
          pub
            .multi()
            .hset(key.meta(replyId), { status: replyRun.status, error: replyRun.error ?? '' })
            .pexpire(key.meta(replyId), retainMs)
            .pexpire(key.items(replyId), retainMs)
            .publish(key.channel(replyId), JSON.stringify(end))
            .exec(),
          'end',
        );
      });
    },

    async get(replyId) {
      return (await read(replyId)).reply;
    },

    async find(userId, replyId) {
      const { reply } = await read(replyId);
      return reply && reply.userId === userId ? reply : null;
    },

    async list(userId, chatId) {
      const ids = await pub.zrangebyscore(key.user(userId), Date.now() - RUN_TTL_MS, '+inf');
      const found = await Promise.all(ids.map((id) => read(id).then((r) => r.reply)));
      return found.filter(
        (reply): reply is RemoteReply =>
          reply !== null && reply.userId === userId && (chatId === undefined || reply.chatId === chatId),
      );
    },

    ownerAlive,

    async *follow(reply, afterIndex, signal) {
      const queue: RelayMessage[] = [];
      let wake: (() => void) | null = null;
      const stop = await listen(key.channel(reply.replyId), (message) => {
        queue.push(message);
        wake?.();
      });
      try {
        let next = Math.max(0, afterIndex + 1);
        // Subscribed first, read second: an item missing from this read arrives on the channel.
        const snapshot = await read(reply.replyId);
        let end: { status: ReplyStatus; error: string | null } | null =
          snapshot.reply && snapshot.reply.status !== 'running'
            ? { status: snapshot.reply.status, error: snapshot.reply.error }
            : null;
        const pending = snapshot.items.map((raw) => ({ item: JSON.parse(raw) as ChatReplyItem }));
        queue.unshift(...pending);
        for (;;) {
          while (queue.length > 0) {
            const message = queue.shift() as RelayMessage;
            if ('end' in message) {
              end = message.end;
              continue;
            }
            if (message.item.index < next) continue;
            if (message.item.index > next) {
              // Cannot happen given the order above; re-read rather than skip text if it ever does.
              const again = await read(reply.replyId);
              queue.unshift(...again.items.map((raw) => ({ item: JSON.parse(raw) as ChatReplyItem })));
              if (again.items.length <= next) throw new Error(`reply ${reply.replyId} lost item ${next}`);
              continue;
            }
            next += 1;
            yield message.item;
          }
          if (end) {
            if (end.status === 'failed') throw new HubError(end.error ?? 'generation_failed');
            return;
          }
          if (signal.aborted) return;
          const woken = await new Promise<boolean>((resolve) => {
            const done = (value: boolean) => {
              clearTimeout(timer);
              signal.removeEventListener('abort', aborted);
              wake = null;
              resolve(value);
            };
            const aborted = () => done(true);
            const timer = setTimeout(() => done(false), heartbeatMs);
            wake = () => done(true);
            signal.addEventListener('abort', aborted, { once: true });
          });
          if (woken || queue.length > 0) continue;
          // Silence for a heartbeat: is the owner still there?
          const latest = await read(reply.replyId);
          if (latest.reply && latest.reply.status !== 'running') {
            queue.push(...latest.items.map((raw) => ({ item: JSON.parse(raw) as ChatReplyItem })));
            end = { status: latest.reply.status, error: latest.reply.error };
          } else if (!(await ownerAlive(reply))) throw new ReplyOwnerGoneError(reply.replyId);
        }
      } finally {
        stop();
      }
    },

    async markFailed(reply, error) {
      const end: RelayMessage = { end: { status: 'failed', error } };
      await pub
        .multi()
        .hset(key.meta(reply.replyId), { status: 'failed', error })
        .pexpire(key.meta(reply.replyId), retainMs)
        .pexpire(key.items(reply.replyId), retainMs)
        .publish(key.channel(reply.replyId), JSON.stringify(end))
        .exec();
    },

    async cancel(reply) {
      await pub.publish(key.cancel(reply.owner), reply.replyId);
    },

    async close() {
      clearInterval(heartbeat);
      // A drained instance says so at once instead of letting followers wait out the lease.
      await pub.del(key.instance(instanceId)).catch((e: unknown) => onError(e, 'close'));
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

/** A remote reply as `GetReplies` lists it. */
export function toActiveReply(reply: RemoteReply): ActiveReply {
  return { replyId: reply.replyId, chatId: reply.chatId, status: reply.status, lastIndex: reply.lastIndex };
}
