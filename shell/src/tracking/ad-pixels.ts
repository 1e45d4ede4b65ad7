import type { AppHistory, ShellBus, TrackedProduct, User } from '@companion/contracts';
import type { AdClickRecord, ClickIdApi } from './click-ids.ts';
import { eventCall, initCalls, type PixelEvent } from './pixel-events.ts';
import { scriptUrl, warnPixel, type PixelSink } from './pixel-loader.ts';
import { activeNetworks, type AdNetwork, type PixelConfig } from './pixel-rules.ts';
import type { TrackedFact } from './tracking-state.ts';

/** Purchase and subscribe wait this long, then fetch a click id for dedup (001 §4, §9). */
export const PURCHASE_DELAY_MS = 2000;
/**
 * Parameter collection waits this long per network (001 §9), counted from the network's initialisation: its script
 * sets its browser cookies (facebook `_fbp`/`_fbc`, tiktok `_ttp`, snapchat `_scid`) meanwhile (ADR 0420).
 */
export const PARAMETER_WAIT_MS = 1000;

/** The cookies a network's own script sets that the ad-click record carries (BrowserId; facebook's MetaClickId). */
const NETWORK_COOKIES: Record<AdNetwork, { browserId: string | null; metaClickId: string | null }> = {
  facebook: { browserId: '_fbp', metaClickId: '_fbc' },
  tiktok: { browserId: '_ttp', metaClickId: null },
  snapchat: { browserId: '_scid', metaClickId: null },
  twitter: { browserId: null, metaClickId: null },
};

/** Orders already reported, so a reload of the result page does not report a purchase twice. */
const REPORTED_KEY = 'persist:ad-reported-orders';
/** Users whose first subscription went to facebook already (when the server could not say). */
const SUBSCRIBED_KEY = 'persist:ad-subscribed-users';

/** Seams of {@link startAdPixels}. */
export interface AdPixelsDeps {
  bus: ShellBus;
  history: AppHistory;
  config: PixelConfig;
  sink: PixelSink;
  clickIds: ClickIdApi;
  /** Orders reported and first facebook subscriptions, per browser (`localStorage`). */
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** The visit's storage (`sessionStorage`): the networks this visit matched (ADR 0420). */
  visit: Pick<Storage, 'getItem' | 'setItem'>;
  /** The query the page landed with (a whitelist keeps only some tracking parameters across pages). */
  landingSearch: string;
  userAgent: string;
  /** `document.cookie`: facebook's browser id (`_fbp`) and click cookie (`_fbc`). */
  cookies: () => string;
  delay?: (ms: number) => Promise<void>;
  /** Facts published before this module loaded (kept by `install-tracking.ts`), handled after subscribing. */
  early?: readonly TrackedFact[];
}

function readJson<T>(storage: Pick<Storage, 'getItem'>, key: string, fallback: T): T {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function cookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * The ad pixels (001 §4): the networks this visit belongs to (and that are configured) load their scripts and
 * report page views, sign up, add to cart, checkout opened (after updating the click id with the parameters
 * collected once the network's 1000 ms wait is over), purchase and subscribe (2 s later, with the server's dedup id;
 * facebook's subscribe only for a first subscription). Returns a stop.
 */
export function startAdPixels(deps: AdPixelsDeps): () => void {
  const delay = deps.delay ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const { active, clickIds } = activeNetworks({
    config: deps.config,
    visit: deps.visit,
    searches: [deps.landingSearch, deps.history.location.search],
  });
  if (active.length === 0) return () => {};

  // Each network's parameters are collected once its own wait is over (001 §9), whatever asks for them.
  const collectable = new Map<AdNetwork, Promise<void>>();
  for (const network of active) {
    deps.sink.load(network, scriptUrl(network, deps.config));
    for (const call of initCalls(network, deps.config)) deps.sink.call(network, call);
    collectable.set(network, delay(PARAMETER_WAIT_MS));
  }
  const report = (event: PixelEvent, networks: readonly AdNetwork[] = active) => {
    for (const network of networks) deps.sink.call(network, eventCall(network, event));
  };

  let user: User | null = null;
  let pathname = deps.history.location.pathname;
  report({ kind: 'page-view' });
  const stopHistory = deps.history.listen(() => {
    if (deps.history.location.pathname === pathname) return;
    pathname = deps.history.location.pathname;
    report({ kind: 'page-view' });
  });

  /** The ad-click record of `network`, its parameters read after its collection wait. */
  const record = async (network: AdNetwork): Promise<AdClickRecord> => {
    await collectable.get(network);
    const cookies = deps.cookies();
    const names = NETWORK_COOKIES[network];
    return {
      Type: network,
      ClickId: clickIds[network] ?? null,
      UserAgent: deps.userAgent,
      ExternalId: user?.id ?? null,
      BrowserId: names.browserId ? cookie(cookies, names.browserId) : null,
      MetaClickId: names.metaClickId ? cookie(cookies, names.metaClickId) : null,
    };
  };

  const checkoutOpened = async (product: TrackedProduct) => {
    await Promise.all(
      active.map((network) =>
        record(network)
          .then((value) => deps.clickIds.update(value))
          .catch((error: unknown) => warnPixel(network, 'click id update failed', error)),
      ),
    );
    report({ kind: 'checkout-opened', product });
  };

  const purchased = async (orderId: string, product: TrackedProduct) => {
    const reported = readJson<string[]>(deps.storage, REPORTED_KEY, []);
    if (reported.includes(orderId)) return;
    deps.storage.setItem(REPORTED_KEY, JSON.stringify([...reported, orderId].slice(-50)));
    await delay(PURCHASE_DELAY_MS);
    for (const network of active) {
      const conversion = await deps.clickIds.conversion(network, orderId).catch((error: unknown) => {
        warnPixel(network, 'click id fetch failed', error);
        return null;
      });
      const dedupId = conversion?.dedupId ?? orderId;
      report({ kind: 'purchase', product, dedupId }, [network]);
      if (!product.isSubscription) continue;
      if (network === 'facebook' && !firstFacebookSubscription(conversion?.firstSubscription ?? null))
        continue;
      report({ kind: 'subscribe', product, dedupId }, [network]);
    }
  };

  /** The server's word when it has one; otherwise the first facebook subscribe reported from this browser. */
  const firstFacebookSubscription = (serverSays: boolean | null): boolean => {
    const key = user?.id ?? 'visitor';
    const seen = readJson<string[]>(deps.storage, SUBSCRIBED_KEY, []);
    const first = serverSays ?? !seen.includes(key);
    if (first && !seen.includes(key)) deps.storage.setItem(SUBSCRIBED_KEY, JSON.stringify([...seen, key]));
    return first;
  };

  const handle = (fact: TrackedFact) => {
    switch (fact.name) {
      case 'account:signed-up':
        return report({ kind: 'sign-up' });
      case 'cart:product-added':
        return report({ kind: 'add-to-cart', product: fact.payload.product });
      case 'checkout:opened':
        return void checkoutOpened(fact.payload.product);
      case 'payment:succeeded':
        return void purchased(fact.payload.orderId, fact.payload.product);
    }
  };
  const subscriptions = [
    deps.bus.subscribe('user:changed', (next) => (user = next.user)),
    deps.bus.subscribe('account:signed-up', (payload) => handle({ name: 'account:signed-up', payload })),
    deps.bus.subscribe('cart:product-added', (payload) => handle({ name: 'cart:product-added', payload })),
    deps.bus.subscribe('checkout:opened', (payload) => handle({ name: 'checkout:opened', payload })),
    deps.bus.subscribe('payment:succeeded', (payload) => handle({ name: 'payment:succeeded', payload })),
  ];
  for (const fact of deps.early ?? []) handle(fact);
  return () => {
    stopHistory();
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
}
