import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Mailer } from '../engines/email/mailer.ts';
import type { Metrics } from '../features/metrics/registry.ts';
import type { NotifierPort } from '../hubs/notification-hubs.ts';
import type { LedgerEntryInput, LedgerResult } from '../features/tokens/ledger.ts';
import type { CpuPool } from '../workers/cpu-pool.ts';

/** Moves what an anonymous user made to the account they signed in to (ADR 0011); runs inside the merge transaction. */
export type AccountMergeStep = (
  tx: Queryable,
  merge: { fromUserId: string; toUserId: string },
) => Promise<void>;

/** The token ledger as features see it: every spend and credit goes through here. */
export interface Ledger {
  spend(tx: Queryable, input: LedgerEntryInput): Promise<LedgerResult>;
  credit(tx: Queryable, input: LedgerEntryInput): Promise<LedgerResult>;
  getBalance(
    db: Queryable,
    userId: string,
  ): Promise<{ balance: number; spent: number; lastDailyClaimAt: Date | null }>;
}

/** What every feature plugin receives as its options (features never import each other). */
export interface FeatureDeps {
  config: Config;
  db: Database;
  jwtKey: Uint8Array;
  mailer: Mailer;
  ledger: Ledger;
  /** Prometheus registry; features may add their own counters to `metrics.registry`. */
  metrics: Metrics;
  /** Injected clock so tests can move time. */
  now: () => Date;
  mergeSteps: readonly AccountMergeStep[];
  /** PaymentNotification / RegistrationNotification to a user's tabs (bound once the hubs attach). */
  notifier: NotifierPort;
  /** Worker threads for CPU-heavy work (card codecs, PNG export), bounded per client and in all (ADR 0310). */
  cpu: CpuPool;
}

/** A feature: a Fastify plugin registered under `/api`; declare routes without the prefix (`/User`). */
export type FeaturePlugin = FastifyPluginAsync<FeatureDeps>;
