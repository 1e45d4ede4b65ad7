import type { AuthState, Category, PaymentSystem, User } from '@companion/contracts';

/** Every localStorage key the session owns; spec 000 §3: persisted keys use the prefix `persist:`. */
export const PERSIST_KEYS = {
  /** `AuthState`: isAuth, accessToken, refreshToken, isSoftDeleted, inAppAuthToken. */
  auth: 'persist:auth',
  /** The generated (anonymous) user id; present only while the user has no email (picks the refresh path). */
  generatedUserId: 'persist:generatedUserId',
  /** N- and S-confirmation flags, sent with every refresh and pre-register (spec 000 §6). */
  confirmations: 'persist:confirmations',
  /** Age-confirm marker: 'n' when NSFW was confirmed, 's' when only SFW was (spec 000 §4 user fetch). */
  ageConfirm: 'persist:ageConfirm',
  /** The stored attribution (utm source) of an NSFW-enabled user; NSFW determination reads it. */
  attribution: 'persist:attribution',
  /** The last capture's full record (click id, referrer, time) beside it, for analytics; cleared with it. */
  attributionDetails: 'persist:attribution-details',
  /** The capture time of the attribution record last sent to the API (tracking, ADR 0275). */
  attributionSent: 'persist:attribution-sent',
  /** The user slice (000 §3): preferred payment method, category, country, last user. */
  user: 'persist:user',
  /** Analytics params (000 §3): the tracking parameters the visitor arrived with. */
  analytics: 'persist:analytics',
} as const;

/** What the shell keeps of the user between loads. */
export interface PersistedUser {
  paymentMethod: PaymentSystem;
  user: User | null;
}

/** The whole user slice as stored; category and country describe the device and survive a logout. */
export interface UserSlice {
  paymentMethod?: PaymentSystem | null;
  category?: Category | null;
  country?: string | null;
  user?: User | null;
}

/** N/S confirmation flags held on the client. */
export interface Confirmations {
  isNConfirmed: boolean;
  isSConfirmed: boolean;
}

const EMPTY_AUTH: AuthState = {
  isAuth: false,
  accessToken: null,
  refreshToken: null,
  isSoftDeleted: false,
  inAppAuthToken: null,
};

/** Typed access to the session's `persist:` keys; unreadable JSON reads as the default. */
export class AuthStore {
  constructor(private readonly storage: Storage) {}

  private readJson<T extends object>(key: string, fallback: T): T {
    try {
      const raw = this.storage.getItem(key);
      if (!raw) return { ...fallback };
      const parsed: unknown = JSON.parse(raw);
      return parsed && typeof parsed === 'object'
        ? { ...fallback, ...(parsed as Partial<T>) }
        : { ...fallback };
    } catch {
      return { ...fallback };
    }
  }

  private write(key: string, value: unknown): void {
    try {
      if (value === null || value === undefined) this.storage.removeItem(key);
      else this.storage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    } catch (error) {
      // Quota or privacy mode: the session still works for this page, it just will not survive a reload.
      console.warn('[session] could not persist', key, error);
    }
  }

  auth(): AuthState {
    return this.readJson(PERSIST_KEYS.auth, EMPTY_AUTH);
  }

  patchAuth(patch: Partial<AuthState>): AuthState {
    const next = { ...this.auth(), ...patch };
    this.write(PERSIST_KEYS.auth, next);
    return next;
  }

  /**
   * Logout / failed refresh: forget tokens, flags and the user (not the confirmations: those describe the
   * person; nor category and country: those describe the device).
   */
  resetAuth(): void {
    this.write(PERSIST_KEYS.auth, EMPTY_AUTH);
    this.write(PERSIST_KEYS.generatedUserId, null);
    const { category, country } = this.userSlice();
    this.write(PERSIST_KEYS.user, category || country ? { category, country } : null);
  }

  generatedUserId(): string | null {
    return this.storage.getItem(PERSIST_KEYS.generatedUserId);
  }

  setGeneratedUserId(id: string | null): void {
    this.write(PERSIST_KEYS.generatedUserId, id);
  }

  confirmations(): Confirmations {
    return this.readJson(PERSIST_KEYS.confirmations, { isNConfirmed: false, isSConfirmed: false });
  }

  /** Confirmations only ever turn on (the API ORs them too). */
  addConfirmations(flags: Partial<Confirmations>): void {
    const current = this.confirmations();
    this.write(PERSIST_KEYS.confirmations, {
      isNConfirmed: current.isNConfirmed || Boolean(flags.isNConfirmed),
      isSConfirmed: current.isSConfirmed || Boolean(flags.isSConfirmed),
    });
  }

  ageConfirm(): 'n' | 's' | null {
    const value = this.storage.getItem(PERSIST_KEYS.ageConfirm);
    return value === 'n' || value === 's' ? value : null;
  }

  setAgeConfirm(marker: 'n' | 's'): void {
    this.write(PERSIST_KEYS.ageConfirm, marker);
  }

  attribution(): string | null {
    return this.storage.getItem(PERSIST_KEYS.attribution);
  }

  setAttribution(utmSource: string | null): void {
    this.write(PERSIST_KEYS.attribution, utmSource);
    if (utmSource === null) this.write(PERSIST_KEYS.attributionDetails, null);
  }

  user(): PersistedUser | null {
    const value = this.userSlice();
    return value.paymentMethod ? { paymentMethod: value.paymentMethod, user: value.user ?? null } : null;
  }

  /** Stores the user and payment method; the slice's category and country stay. */
  setUser(value: PersistedUser | null): void {
    this.patchUserSlice(value ?? { paymentMethod: null, user: null });
  }

  userSlice(): UserSlice {
    return this.readJson<UserSlice>(PERSIST_KEYS.user, {});
  }

  patchUserSlice(patch: UserSlice): void {
    const next = { ...this.userSlice(), ...patch };
    const empty = Object.values(next).every((value) => value === null || value === undefined);
    this.write(PERSIST_KEYS.user, empty ? null : next);
  }

  /** The tracking parameters of the visit that brought the visitor (000 §3 "analytics params"). */
  analyticsParams(): Record<string, string> {
    return this.readJson<Record<string, string>>(PERSIST_KEYS.analytics, {});
  }

  setAnalyticsParams(params: Record<string, string>): void {
    this.write(PERSIST_KEYS.analytics, params);
  }
}
