import type { IncomingHttpHeaders } from 'node:http';

/** Where the country came from, most to least trustworthy. */
export type CountrySource = 'header' | 'accept-language' | 'unknown';

// CDNs send XX (unknown) and T1 (Tor) as placeholders; those are not countries.
const NOT_COUNTRIES = new Set(['XX', 'T1']);

/**
 * The visitor's ISO 3166 alpha-2 country: the CDN's header (e.g. CF-IPCountry) if set, else the
 * region of the first Accept-Language tag that has one (en-US → US), else "unknown".
 */
export function countryOf(
  headers: IncomingHttpHeaders,
  countryHeader: string,
): { country: string; source: CountrySource } {
  const raw = headers[countryHeader];
  const fromHeader = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
  if (fromHeader && /^[A-Z]{2}$/.test(fromHeader) && !NOT_COUNTRIES.has(fromHeader))
    return { country: fromHeader, source: 'header' };
  const languages = headers['accept-language'];
  if (languages) {
    for (const part of languages.split(',')) {
      const tag = part.split(';')[0]!.trim();
      // language[-script]-REGION; the region is the 2-letter subtag after the first.
      const region = tag
        .split('-')
        .slice(1)
        .find((sub) => /^[A-Za-z]{2}$/.test(sub));
      if (region) return { country: region.toUpperCase(), source: 'accept-language' };
    }
  }
  return { country: 'unknown', source: 'unknown' };
}
