/** Pixel ids per ad network (001 §4), published to the page as `<meta name="ad-pixels">` (JSON). */
export interface AdPixelConfig {
  facebook: string[];
  tiktok: string | null;
  snapchat: string | null;
  twitter: string | null;
}

/** Up to four facebook pixel ids (001 §4). */
const MAX_FACEBOOK_PIXELS = 4;
const PIXEL_ID = /^[\w-]{1,64}$/;

/**
 * `FACEBOOK_PIXEL_IDS` (comma-separated, at most four), `TIKTOK_PIXEL_ID`, `SNAPCHAT_PIXEL_ID`, `TWITTER_PIXEL_ID`;
 * null when none is set. A malformed id is an error at start, not a silent gap in the reports.
 */
export function readAdPixelConfig(env: Record<string, string | undefined>): AdPixelConfig | null {
  const one = (name: string): string | null => {
    const value = env[name]?.trim();
    if (!value) return null;
    if (!PIXEL_ID.test(value)) throw new Error(`${name} must be letters, digits, _ or - (at most 64).`);
    return value;
  };
  const facebook = (env['FACEBOOK_PIXEL_IDS'] ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (facebook.length > MAX_FACEBOOK_PIXELS)
    throw new Error(`FACEBOOK_PIXEL_IDS takes at most ${MAX_FACEBOOK_PIXELS} ids (001 §4).`);
  for (const id of facebook)
    if (!PIXEL_ID.test(id))
      throw new Error('FACEBOOK_PIXEL_IDS must be letters, digits, _ or - (at most 64 each).');
  const config = {
    facebook,
    tiktok: one('TIKTOK_PIXEL_ID'),
    snapchat: one('SNAPCHAT_PIXEL_ID'),
    twitter: one('TWITTER_PIXEL_ID'),
  };
  const any = facebook.length > 0 || config.tiktok || config.snapchat || config.twitter;
  return any ? config : null;
}

/** Where each network's script loads from and sends to: added to the page's CSP only when it is configured. */
const NETWORK_ORIGINS = {
  facebook: {
    script: ['https://connect.facebook.net'],
    connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
  },
  tiktok: { script: ['https://analytics.tiktok.com'], connect: ['https://analytics.tiktok.com'] },
  snapchat: {
    script: ['https://sc-static.net'],
    connect: ['https://tr.snapchat.com', 'https://sc-static.net'],
  },
  twitter: {
    script: ['https://static.ads-twitter.com'],
    connect: ['https://analytics.twitter.com', 'https://static.ads-twitter.com', 'https://t.co'],
  },
} as const;

/** The CSP sources the configured networks need (images are already allowed from any https origin). */
export function pixelCspSources(config: AdPixelConfig | null): { script: string[]; connect: string[] } {
  const script: string[] = [];
  const connect: string[] = [];
  if (!config) return { script, connect };
  for (const network of ['facebook', 'tiktok', 'snapchat', 'twitter'] as const) {
    const configured = network === 'facebook' ? config.facebook.length > 0 : config[network] !== null;
    if (!configured) continue;
    script.push(...NETWORK_ORIGINS[network].script);
    connect.push(...NETWORK_ORIGINS[network].connect);
  }
  return { script, connect };
}
