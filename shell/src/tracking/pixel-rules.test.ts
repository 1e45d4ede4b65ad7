import { describe, expect, it } from 'vitest';
import {
  activeNetworks,
  isConfigured,
  matchNetworks,
  readPixelConfig,
  VISIT_NETWORKS_KEY,
  type PixelConfig,
} from './pixel-rules.ts';

const networks = (search: string) => matchNetworks(search).map((m) => m.network);

describe('pixel initialisation rules (001 §4)', () => {
  // A source equal to the network's name, and one that only includes its suffix.
  const SUFFIXED = { facebook: 'quiz-fb', tiktok: 'spring-tt-2', snapchat: 'promo-snap', twitter: 'x-tw' };
  it.each(Object.entries(SUFFIXED))(
    'should initialise %s when the utm source equals its name or includes its suffix (%s)',
    (network, suffixed) => {
      expect(networks(`?utm_source=${network}`)).toEqual([network]);
      expect(networks(`?utm_source=${suffixed}`)).toEqual([network]);
    },
  );

  it.each([
    ['facebook', '?fbclid=F1', 'F1'],
    ['tiktok', '?ttclid=T1', 'T1'],
    ['snapchat', '?ScCid=S1', 'S1'],
    ['twitter', '?twclid=W1', 'W1'],
  ])(
    'should initialise %s when its click-id parameter is present, keeping the click id',
    (network, search, id) => {
      expect(matchNetworks(search)).toEqual([{ network, clickId: id }]);
    },
  );

  it('should initialise nothing for other sources, look-alikes or case variants', () => {
    expect(networks('')).toEqual([]);
    expect(networks('?utm_source=google&gclid=G')).toEqual([]);
    expect(networks('?utm_source=Facebook')).toEqual([]);
    expect(networks('?utm_source=fb')).toEqual([]);
    expect(networks('?utm_source=tiktok-ads')).toEqual([]);
    expect(networks('?sccid=lowercase')).toEqual([]);
  });

  it('should initialise every network the visit matches', () => {
    expect(networks('?utm_source=camp-fb&ttclid=1&twclid=2')).toEqual(['facebook', 'tiktok', 'twitter']);
  });
});

describe('pixel configuration', () => {
  const doc = (content: string | null) => ({
    querySelector: () => (content === null ? null : ({ content } as HTMLMetaElement)),
  });

  it('should read up to four facebook ids and one id per other network', () => {
    const config = readPixelConfig(
      doc(JSON.stringify({ facebook: ['1', '2', '3', '4', '5'], tiktok: 'T', snapchat: 'S', twitter: 'W' })),
    );
    expect(config).toEqual({ facebook: ['1', '2', '3', '4'], tiktok: 'T', snapchat: 'S', twitter: 'W' });
  });

  it('should treat a missing, malformed or hostile configuration as none', () => {
    const none: PixelConfig = { facebook: [], tiktok: null, snapchat: null, twitter: null };
    expect(readPixelConfig(doc(null))).toEqual(none);
    expect(readPixelConfig(doc('{oops'))).toEqual(none);
    expect(readPixelConfig(doc(JSON.stringify({ facebook: ['"><script>'], tiktok: 5 })))).toEqual(none);
  });

  it('should count a network as configured only with an id', () => {
    const config: PixelConfig = { facebook: ['1'], tiktok: null, snapchat: 'S', twitter: null };
    expect(isConfigured(config, 'facebook')).toBe(true);
    expect(isConfigured(config, 'tiktok')).toBe(false);
    expect(isConfigured(config, 'snapchat')).toBe(true);
    expect(isConfigured({ ...config, facebook: [] }, 'facebook')).toBe(false);
  });
});

describe('the networks whose pixels a page runs', () => {
  const memory = (initial: Record<string, string> = {}) => {
    const values = new Map(Object.entries(initial));
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
  };
  const config: PixelConfig = { facebook: ['1'], tiktok: null, snapchat: null, twitter: null };

  it('should run none when the visit matches no configured network, and still remember the match', () => {
    const visit = memory();
    expect(activeNetworks({ config, visit, searches: ['?ttclid=T'] }).active).toEqual([]);
    expect(activeNetworks({ config, visit, searches: [''] }).active).toEqual([]);
    expect(JSON.parse(visit.getItem(VISIT_NETWORKS_KEY)!)).toEqual({ tiktok: { clickId: 'T' } });
  });

  it('should run a configured network the visit matched on any of its pages, with its click id', () => {
    const visit = memory();
    expect(activeNetworks({ config, visit, searches: ['?fbclid=F1', '/'] })).toEqual({
      active: ['facebook'],
      clickIds: { facebook: 'F1' },
    });
    // Back from the payment provider in the same visit: no click id in the URL, the visit's stays.
    expect(activeNetworks({ config, visit, searches: ['?orderId=1'] })).toEqual({
      active: ['facebook'],
      clickIds: { facebook: 'F1' },
    });
  });

  it('should match the landing query when the current one lost the parameter (ScCid is not carried)', () => {
    const all: PixelConfig = { facebook: ['1'], tiktok: 'T', snapchat: 'S', twitter: 'W' };
    expect(activeNetworks({ config: all, visit: memory(), searches: ['?ScCid=S1', '?x=1'] })).toEqual({
      active: ['snapchat'],
      clickIds: { snapchat: 'S1' },
    });
  });

  it('should run none on a later visit that does not match, whatever an earlier visit matched', () => {
    const first = memory();
    expect(activeNetworks({ config, visit: first, searches: ['?utm_source=facebook'] }).active).toEqual([
      'facebook',
    ]);
    expect(activeNetworks({ config, visit: memory(), searches: ['', '/pricing'] }).active).toEqual([]);
  });

  it('should treat an unreadable stored value as no earlier page', () => {
    const visit = memory({ [VISIT_NETWORKS_KEY]: '{oops' });
    expect(activeNetworks({ config, visit, searches: ['?utm_source=promo-fb'] }).active).toEqual([
      'facebook',
    ]);
    expect(
      activeNetworks({ config, visit: memory({ [VISIT_NETWORKS_KEY]: '{oops' }), searches: [''] }).active,
    ).toEqual([]);
  });
});
