import type { User } from '@companion/contracts';
import { CLICK_ID_SOURCES, clickIdIn } from '../session/auth-query.ts';
import type { ClickIdParam } from '../session/auth-query.ts';
import { PERSIST_KEYS } from '../session/auth-store.ts';

/** What the shell remembers about where a visitor came from (000 §4 "Attribution capture"). */
export interface Attribution {
  utmSource: string;
  clickIdParam: ClickIdParam | null;
  clickId: string | null;
  referrer: string | null;
  capturedAt: string;
}

/** Hosts of payment providers: coming back from a checkout is not a referral. */
const PAYMENT_PROVIDER_HOSTS: readonly string[] = [
  'solidgate.com',
  'pay.solidgate.com',
  'yuno.com',
  'checkout.y.uno',
  'paypal.com',
  'www.paypal.com',
];

/** Inputs of {@link captureAttribution}. */
export interface CaptureInput {
  search: string;
  stored: Pick<Attribution, 'utmSource'> | null;
  /** `document.referrer` (may be empty). */
  referrer: string;
  /** The page's own host: a referrer from it is internal. */
  ownHost: string;
  /** Capture runs once per session: true once it ran. */
  capturedThisSession: boolean;
  now: Date;
  paymentHosts?: readonly string[];
}

/**
 * The attribution to store, or null to leave the stored one alone. It runs once per session and only when a
 * utm source or a tiktok, google or facebook click id is present and differs from the stored source; a click id
 * without a utm source implies one; a referrer is kept only when external and not a payment provider.
 */
export function captureAttribution(input: CaptureInput): Attribution | null {
  if (input.capturedThisSession) return null;
  const params = new URLSearchParams(input.search);
  const clickIdParam = clickIdIn((name) => params.get(name));
  const utm = params.get('utm_source')?.trim() || null;
  const utmSource = utm ?? (clickIdParam ? CLICK_ID_SOURCES[clickIdParam] : null);
  if (!utmSource) return null;
  if (input.stored && input.stored.utmSource === utmSource) return null;
  return {
    utmSource,
    clickIdParam: clickIdParam ?? null,
    clickId: clickIdParam ? params.get(clickIdParam) : null,
    referrer: externalReferrer(input.referrer, input.ownHost, input.paymentHosts ?? PAYMENT_PROVIDER_HOSTS),
    capturedAt: input.now.toISOString(),
  };
}

/** The referrer when it is another site and not a payment provider, else null. */
export function externalReferrer(
  referrer: string,
  ownHost: string,
  paymentHosts: readonly string[],
): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (host === ownHost.toLowerCase()) return null;
  const isPayment = paymentHosts.some((payment) => host === payment || host.endsWith(`.${payment}`));
  return isPayment ? null : referrer;
}

/** Inputs of {@link isNsfwContent}. */
export interface NsfwInput {
  user: Pick<User, 'nEnabled' | 'utmSource' | 'activeSubscription'> | null;
  attribution: Pick<Attribution, 'utmSource'> | null;
  /** The build-flag case in which content is never NSFW. */
  sfwOnlyBuild: boolean;
}

/**
 * The NSFW determination (000 §4): NSFW when the user has nEnabled or a stored attribution exists; never on
 * an SFW-only build; for non-subscribers also off when the utm source is google.
 */
export function isNsfwContent({ user, attribution, sfwOnlyBuild }: NsfwInput): boolean {
  if (sfwOnlyBuild) return false;
  const subscribed = Boolean(user?.activeSubscription);
  const utmSource = user?.utmSource ?? attribution?.utmSource ?? null;
  if (!subscribed && utmSource?.toLowerCase() === 'google') return false;
  return Boolean(user?.nEnabled) || attribution !== null;
}

/** The stored utm source, a plain string: the session owns the key; its user fetch writes and clears it (000 §4). */
const ATTRIBUTION_KEY = PERSIST_KEYS.attribution;
/** The full record of the last capture (click id, referrer, time), for analytics. */
const ATTRIBUTION_DETAILS_KEY = PERSIST_KEYS.attributionDetails;
/** Marks that capture ran in this browser session. */
const ATTRIBUTION_SESSION_KEY = 'attribution:captured';

/** Reads the stored attribution; empty or unreadable counts as none. */
export function readAttribution(storage: Pick<Storage, 'getItem'>): Pick<Attribution, 'utmSource'> | null {
  const raw = storage.getItem(ATTRIBUTION_KEY)?.trim();
  if (!raw) return null;
  if (raw.startsWith('{')) {
    try {
      const value = JSON.parse(raw) as { utmSource?: unknown };
      return typeof value.utmSource === 'string' && value.utmSource ? { utmSource: value.utmSource } : null;
    } catch {
      return null;
    }
  }
  return { utmSource: raw };
}

/** Stores an attribution: the utm source under the shared key, the details beside it. */
export function writeAttribution(storage: Pick<Storage, 'setItem'>, attribution: Attribution): void {
  storage.setItem(ATTRIBUTION_KEY, attribution.utmSource);
  storage.setItem(ATTRIBUTION_DETAILS_KEY, JSON.stringify(attribution));
}

/** Clears the attribution (the user fetch does it when NSFW is off, 000 §4). */
export function clearAttribution(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(ATTRIBUTION_KEY);
  storage.removeItem(ATTRIBUTION_DETAILS_KEY);
}

/** Runs the once-per-session capture against real storage; returns the attribution in force afterwards. */
export function runAttributionCapture(
  local: Storage,
  session: Storage,
  page: { search: string; referrer: string; host: string },
  now: Date = new Date(),
): Pick<Attribution, 'utmSource'> | null {
  const stored = readAttribution(local);
  const next = captureAttribution({
    search: page.search,
    stored,
    referrer: page.referrer,
    ownHost: page.host,
    capturedThisSession: session.getItem(ATTRIBUTION_SESSION_KEY) === '1',
    now,
  });
  if (!next) return stored;
  writeAttribution(local, next);
  session.setItem(ATTRIBUTION_SESSION_KEY, '1');
  return next;
}
