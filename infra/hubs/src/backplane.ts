// Redis pub/sub backplane: user-addressed records reach connections on other instances
// (docs/research/signalr-protocol.md §7.1).

import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** Delivers a pre-serialized record to the local connections of a user. */
export type LocalDelivery = (hub: string, userId: string, record: string) => void;

/**
 * One publisher and one subscriber connection. An instance subscribes to `{prefix}:{hub}:user:{userId}`
 * while it holds a connection of that user; publishers deliver locally themselves and receivers skip
 * their own messages, so local delivery never waits on Redis.
 */
export class RedisBackplane {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly serverName = randomUUID();
  private readonly ready: Promise<void>;

  constructor(
    url: string,
    private readonly prefix: string,
    deliver: LocalDelivery,
    onError: (error: unknown, where: string) => void,
  ) {
    this.pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { lazyConnect: true });
    this.pub.on('error', (e: unknown) => onError(e, 'redis publisher'));
    this.sub.on('error', (e: unknown) => onError(e, 'redis subscriber'));
    this.sub.on('message', (channel: string, payload: string) => {
      const parsed = this.parseChannel(channel);
      const cut = payload.indexOf('\n');
      if (parsed === null || cut < 0 || payload.slice(0, cut) === this.serverName) return;
      deliver(parsed.hub, parsed.userId, payload.slice(cut + 1));
    });
    this.ready = Promise.all([this.pub.connect(), this.sub.connect()]).then(() => undefined);
    this.ready.catch((e: unknown) => onError(e, 'redis connect'));
  }

  /** Resolves once both connections are up; callers that need cross-instance delivery await it. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  async publish(hub: string, userId: string, record: string): Promise<void> {
    await this.pub.publish(this.channel(hub, userId), `${this.serverName}\n${record}`);
  }

  async subscribe(hub: string, userId: string): Promise<void> {
    await this.sub.subscribe(this.channel(hub, userId));
  }

  async unsubscribe(hub: string, userId: string): Promise<void> {
    await this.sub.unsubscribe(this.channel(hub, userId));
  }

  async close(): Promise<void> {
    this.pub.disconnect();
    this.sub.disconnect();
  }

  private channel(hub: string, userId: string): string {
    return `${this.prefix}:${hub}:user:${userId}`;
  }

  private parseChannel(channel: string): { hub: string; userId: string } | null {
    const rest = channel.slice(this.prefix.length + 1);
    const marker = rest.indexOf(':user:');
    if (!channel.startsWith(`${this.prefix}:`) || marker < 0) return null;
    return { hub: rest.slice(0, marker), userId: rest.slice(marker + ':user:'.length) };
  }
}
