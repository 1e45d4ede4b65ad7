import crypto from 'node:crypto';
import type {
  ActiveSubscription,
  PaymentSystem,
  PeriodInMonths,
  User,
  UserFeatures,
} from '@companion/contracts';
import { USER_FEATURE_DEFAULTS } from '@companion/contracts';
import { USER_PRICING_DEFAULTS } from '../config.ts';
import type { Queryable } from './database.ts';
import { choosePaymentSystem } from './payment-state.ts';

/** A `users` row as stored. Shared by the auth and users features (data access, no HTTP). */
export interface UserRow {
  id: string;
  email: string | null;
  password_hash: string | null;
  google_sub: string | null;
  user_name: string | null;
  is_anonymous: boolean;
  fingerprint: string | null;
  utm_source: string | null;
  url: string | null;
  webpage: string | null;
  user_profile_url: string | null;
  n_enabled: boolean;
  is_n_confirmed: boolean;
  is_s_confirmed: boolean;
  is_nsfw_content: boolean;
  period_in_months: string;
  is_card_token_exists: boolean;
  /** Denormalised live subscription (payments keep it in step with `subscriptions`). */
  active_subscription: ActiveSubscription | null;
  is_admin: boolean;
  features: Partial<UserFeatures>;
  birth_year: number | null;
  birth_month: number | null;
  last_ip: string | null;
  last_country: string | null;
  last_seen_at: Date | null;
  merged_into: string | null;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Loads a user (soft-deleted ones included; callers decide). `forUpdate` locks the row. */
export async function findUser(q: Queryable, id: string, forUpdate = false): Promise<UserRow | null> {
  const rows = await q.query<UserRow>(`SELECT * FROM users WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
  return rows[0] ?? null;
}

/** Finds a live (not deleted) user by email, case-insensitively. */
export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const rows = await q.query<UserRow>(
    'SELECT * FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL',
    [email],
  );
  return rows[0] ?? null;
}

/** The user's feature flags: defaults from config with the stored overrides on top. */
export function userFeatures(row: Pick<UserRow, 'features'>): UserFeatures {
  return { ...USER_FEATURE_DEFAULTS, ...row.features };
}

/** `GET User` plus the provider the server chose for this user (001 §1); contracts `User` lacks the field. */
export interface WireUser extends User {
  paymentSystem: PaymentSystem;
}

/**
 * The wire shape of `GET User` (spec 000 §3, contracts `User`). `country` is the CDN's country header (null when
 * absent): it decides the provider, so Accept-Language never does.
 */
export function toWireUser(row: UserRow, country: string | null = null): WireUser {
  const features = userFeatures(row);
  return {
    id: row.id,
    email: row.email,
    userName: row.user_name,
    utmSource: row.utm_source,
    nEnabled: row.n_enabled,
    isNConfirmed: row.is_n_confirmed,
    isSConfirmed: row.is_s_confirmed,
    url: row.url,
    userProfileUrl: row.user_profile_url,
    isNSFWContent: row.is_nsfw_content,
    periodInMonths: row.period_in_months as PeriodInMonths,
    activeSubscription: row.active_subscription ?? null,
    isCardTokenExists: row.is_card_token_exists,
    userPricingInfo: { ...USER_PRICING_DEFAULTS },
    userFeatures: features,
    paymentSystem: choosePaymentSystem({
      country,
      utmSource: row.utm_source,
      preferredPaymentMethod: features.preferredPaymentMethod,
      liveSubscriptionSystem: row.active_subscription?.paymentSystem ?? null,
    }),
  };
}

/** Fields a new user may start with. */
export interface NewUser {
  isAnonymous: boolean;
  email?: string | null;
  passwordHash?: string | null;
  googleSub?: string | null;
  userName?: string | null;
  fingerprint?: string | null;
  utmSource?: string | null;
  url?: string | null;
  webpage?: string | null;
  isNConfirmed?: boolean;
  isSConfirmed?: boolean;
}

/** Inserts a user and its (empty) token account in the caller's transaction. */
export async function insertUser(tx: Queryable, input: NewUser): Promise<UserRow> {
  const rows = await tx.query<UserRow>(
    `INSERT INTO users (id, is_anonymous, email, password_hash, google_sub, user_name, fingerprint, utm_source, url, webpage,
       is_n_confirmed, is_s_confirmed, n_enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $11) RETURNING *`,
    [
      crypto.randomUUID(),
      input.isAnonymous,
      input.email ?? null,
      input.passwordHash ?? null,
      input.googleSub ?? null,
      input.userName ?? null,
      input.fingerprint ?? null,
      input.utmSource ?? null,
      input.url ?? null,
      input.webpage ?? null,
      input.isNConfirmed ?? false,
      input.isSConfirmed ?? false,
    ],
  );
  const row = rows[0]!;
  await tx.query('INSERT INTO token_balances (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [
    row.id,
  ]);
  return row;
}
