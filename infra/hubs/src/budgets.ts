// Invocation budgets above one connection (ADR 0310): per user across their connections, one shared by the
// instance, and the penalty a flooder waits out before negotiating again.

import { TokenBucket } from './flood-limits.ts';
import type { HubConnection } from './connection.ts';
import type { HubServerOptions } from './types.ts';

/** The budgets of one hub server instance. */
export interface Budgets {
  admitUserInvocation(connection: HubConnection): boolean;
  admitGlobalInvocation(): boolean;
  /** A connection closed for flooding: its user and its access token wait out the penalty. */
  flooded(connection: HubConnection): void;
  opened(connection: HubConnection): void;
  closed(connection: HubConnection): void;
  /** The access token a connection was opened with, so a flooder's next negotiate is refused before auth. */
  remember(connection: HubConnection, accessToken: string): void;
  /** Milliseconds left of the penalty of a user id or an access token; 0 when none. */
  penaltyLeft(key: string): number;
  /** Drops what has run out (idle budgets that refilled, penalties served); called by the heartbeat. */
  prune(now: number): void;
}

export function createBudgets(options: HubServerOptions): Budgets {
  /** userId → invocation budget shared by all of that user's connections (every hub) on this instance. */
  const userBuckets = new Map<string, { bucket: TokenBucket; connections: number; idleSince: number }>();
  const userInvocationBurst = options.userInvocationBurst ?? 40;
  const userInvocationsPerSecond = options.userInvocationsPerSecond ?? 20;
  // Budgets per user do not hold back many users (anonymous visitors cost one pre-register each): every invocation
  // on this instance also takes from one shared bucket.
  const globalInvocations = new TokenBucket(
    options.globalInvocationBurst ?? 40,
    options.globalInvocationsPerSecond ?? 20,
  );
  // A user whose connection was closed for flooding may not negotiate again for `floodPenaltyMs`: reconnecting at
  // once would buy a fresh connection's burst each time.
  const floodPenaltyMs = options.floodPenaltyMs ?? 10_000;
  const floodedUntil = new Map<string, number>();
  const accessTokenOf = new WeakMap<HubConnection, string>();
  const refillMs = (userInvocationBurst / userInvocationsPerSecond) * 1000;

  return {
    admitUserInvocation: (connection) => userBuckets.get(connection.userId)?.bucket.take() ?? true,
    admitGlobalInvocation: () => globalInvocations.take(),
    flooded(connection) {
      const until = Date.now() + floodPenaltyMs;
      floodedUntil.set(connection.userId, until);
      const accessToken = accessTokenOf.get(connection);
      if (accessToken !== undefined) floodedUntil.set(accessToken, until);
    },
    opened(connection) {
      const budget = userBuckets.get(connection.userId);
      if (budget) budget.connections += 1;
      else
        userBuckets.set(connection.userId, {
          bucket: new TokenBucket(userInvocationBurst, userInvocationsPerSecond),
          connections: 1,
          idleSince: 0,
        });
    },
    closed(connection) {
      const budget = userBuckets.get(connection.userId);
      // onClosed follows onOpen only for connections that opened; the count never goes below zero.
      // The budget outlives the connection (pruned once idle long enough to have refilled), so reconnecting
      // does not buy a fresh burst.
      if (budget && connection.wasOpened && --budget.connections <= 0) budget.idleSince = Date.now();
    },
    remember: (connection, accessToken) => accessTokenOf.set(connection, accessToken),
    penaltyLeft: (key) => Math.max(0, (floodedUntil.get(key) ?? 0) - Date.now()),
    prune(now) {
      for (const [userId, budget] of userBuckets) {
        if (budget.connections <= 0 && now - budget.idleSince > refillMs) userBuckets.delete(userId);
      }
      for (const [key, until] of floodedUntil) if (until <= now) floodedUntil.delete(key);
    },
  };
}
