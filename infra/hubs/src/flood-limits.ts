// The limits a hub connection floods against: the token bucket every budget uses, the per-connection limits and
// the error texts a throttled or refused invocation answers with (ADR 0310).

/** A token bucket: `capacity` at once, refilled at `perSecond`. */
export class TokenBucket {
  private tokens: number;
  private last = Date.now();

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
  ) {
    this.tokens = capacity;
  }

  /** Takes one token; false when empty. */
  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Per-connection flood limits. */
export interface FloodLimits {
  /** Invocations one connection may start at once, then `invocationsPerSecond`. */
  invocationBurst: number;
  invocationsPerSecond: number;
  /** Records of any kind (pings, cancels, completions too) per connection: beyond this the connection is closed. */
  recordBurst: number;
  recordsPerSecond: number;
  /** Throttled invocations tolerated before a connection that keeps flooding is closed. */
  maxRefusals: number;
  /** Streams one connection may have running at once; one more is refused (a reply streams for seconds). */
  maxStreams: number;
}

/** Error text of a throttled invocation; clients may retry after a moment. */
export const RATE_LIMITED_ERROR = 'rate_limited: too many hub invocations; retry in a moment.';
/** Error text of an invocation refused because all connections together are over the instance's budget. */
export const SERVER_BUSY_ERROR = 'server_busy: the server is busy; retry in a moment.';
/** Error text of a stream refused because its connection already runs `maxStreams`. */
export const TOO_MANY_STREAMS_ERROR = 'rate_limited: too many streams at once on this connection.';
