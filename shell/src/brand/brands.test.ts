import { describe, expect, it } from 'vitest';
import { BRAND_HOME_PAGES, FUNNEL_BRANDS } from '@companion/contracts';
import { FONT_STACKS } from '@companion/ui';
import { BRANDS, resolveBrand, resolveCurrentBrand } from './brands.ts';
import { legalCountryOf, legalEntityFor, LEGAL_ENTITIES } from './legal-entities.ts';

describe('brand rules shared with the origin (contracts)', () => {
  it('should list as funnel brands exactly the brands without the full route set', () => {
    const funnel = Object.values(BRANDS).filter((brand) => brand.routeSet !== 'full');
    expect(funnel.map((brand) => brand.id).sort()).toEqual([...FUNNEL_BRANDS].sort());
    for (const brand of funnel) expect(brand.isFunnel, brand.id).toBe(true);
    expect(Object.keys(BRAND_HOME_PAGES).sort()).toEqual(['fakeChat', 'fbQuiz']);
  });
});

describe('brand resolution', () => {
  it('should pick the brand from the hostname map, ignoring www and case', () => {
    expect(resolveBrand({ hostname: 'mymate.app', search: '' }).brand.id).toBe('myMate');
    expect(resolveBrand({ hostname: 'WWW.MyFriend.app', search: '' }).brand.id).toBe('myFriend');
    expect(resolveBrand({ hostname: 'go.companion.app', search: '' }).brand.id).toBe('funnels');
  });

  it('should fall back to main for an unknown production host', () => {
    expect(resolveBrand({ hostname: 'example.com', search: '' }).brand.id).toBe('main');
  });

  it('should never let a query string re-brand a production host', () => {
    expect(resolveBrand({ hostname: 'companion.app', search: '?brand=myMate' }).brand.id).toBe('main');
    expect(
      resolveBrand({ hostname: 'example.com', search: '?brand=myMate', storedOverride: 'svitlo' }).brand.id,
    ).toBe('main');
  });

  it('should honour the development override on a development host and ask to store it', () => {
    const result = resolveBrand({ hostname: '127.0.0.1', search: '?brand=myFriend' });
    expect(result.brand.id).toBe('myFriend');
    expect(result.override).toBe('myFriend');
    expect(resolveBrand({ hostname: 'localhost', search: '', storedOverride: 'myMate' }).brand.id).toBe(
      'myMate',
    );
  });

  it('should clear the override on an empty or unknown ?brand=', () => {
    const result = resolveBrand({ hostname: 'localhost', search: '?brand=', storedOverride: 'myMate' });
    expect(result.brand.id).toBe('main');
    expect(result.override).toBeNull();
  });

  it('should accept a custom host map', () => {
    expect(
      resolveBrand({ hostname: 'staging.example', search: '', hostMap: { 'staging.example': 'svitlo' } })
        .brand.id,
    ).toBe('svitlo');
  });

  it('should persist the override in local storage across loads', () => {
    localStorage.clear();
    const win = (search: string) => ({
      location: { hostname: 'localhost', search } as Location,
      localStorage,
    });
    expect(resolveCurrentBrand(win('?brand=charmGirl')).id).toBe('charmGirl');
    expect(resolveCurrentBrand(win('')).id).toBe('charmGirl');
    expect(resolveCurrentBrand(win('?brand=')).id).toBe('main');
    expect(localStorage.getItem('persist:brand-override')).toBeNull();
  });
});

describe('brand model', () => {
  it('should give myMate Inter, myFriend Space Grotesk and everyone else Manrope', () => {
    for (const brand of Object.values(BRANDS)) {
      const expected =
        brand.id === 'myMate'
          ? FONT_STACKS.inter
          : brand.id === 'myFriend'
            ? FONT_STACKS.spaceGrotesk
            : FONT_STACKS.manrope;
      expect(brand.fontFamily, brand.id).toBe(expected);
    }
  });

  it('should default the funnel build to dark and offer no theme switch there', () => {
    expect(BRANDS.funnels.defaultTheme).toBe('dark');
    expect(BRANDS.funnels.themeSwitch).toBe(false);
    expect(BRANDS.main.themeSwitch).toBe(true);
  });
});

describe('legal entities', () => {
  it('should map country codes to default, Canada and USA', () => {
    expect(legalCountryOf('ca')).toBe('CA');
    expect(legalCountryOf('US')).toBe('US');
    expect(legalCountryOf('DE')).toBe('default');
    expect(legalCountryOf(null)).toBe('default');
  });

  it('should hold every field for every brand and country, with the company name in the full address', () => {
    for (const [brand, countries] of Object.entries(LEGAL_ENTITIES)) {
      for (const [country, entity] of Object.entries(countries)) {
        expect(entity.companyName, `${brand}/${country}`).not.toBe('');
        expect(entity.address).not.toBe('');
        expect(entity.position).not.toBe('');
        expect(entity.addressWithCompanyName).toBe(`${entity.companyName}, ${entity.address}`);
      }
    }
  });

  it('should give a brand a different entity in Canada and the USA', () => {
    const main = legalEntityFor('main', 'DE').companyName;
    expect(legalEntityFor('main', 'CA').companyName).not.toBe(main);
    expect(legalEntityFor('main', 'US').companyName).not.toBe(main);
    expect(legalEntityFor('myFriend', 'DE').companyName).not.toBe(main);
  });
});
