import { describe, expect, it } from 'vitest';
import { readAuthQuery, stripParams, utmSourceFrom } from './auth-query.ts';

describe('auth query', () => {
  it('should read Google return tokens in both spellings and the register flag', () => {
    expect(readAuthQuery('?accessToken=a&refreshToken=r&register=true')).toMatchObject({
      tokens: { accessToken: 'a', refreshToken: 'r' },
      register: true,
    });
    expect(readAuthQuery('?access_token=a&refresh_token=r').tokens).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    });
    expect(readAuthQuery('?accessToken=a').tokens).toBeNull();
  });

  it('should read MagicCode and default destination to main', () => {
    expect(readAuthQuery('?MagicCode=x&destination=settings')).toMatchObject({
      magicCode: 'x',
      destination: 'settings',
    });
    expect(readAuthQuery('?MagicCode=x&destination=elsewhere').destination).toBe('main');
  });

  it('should remove only the auth parameters and keep tracking', () => {
    expect(stripParams('?utm_source=tiktok&accessToken=a&refresh_token=r&register=1', 'tokens')).toBe(
      '?utm_source=tiktok',
    );
    expect(stripParams('?MagicCode=x&destination=main', 'magic')).toBe('');
    expect(stripParams('?accessToken=a&refreshToken=r&characterDraft=%7B%7D&utm_source=fb', 'tokens')).toBe(
      '?utm_source=fb',
    );
    expect(readAuthQuery('?accessToken=a&refreshToken=r&characterDraft=%7B%7D').characterDraft).toBe('{}');
  });

  it('should derive the utm source from click ids when none is given', () => {
    expect(utmSourceFrom(readAuthQuery('?ttclid=1'))).toBe('tiktok');
    expect(utmSourceFrom(readAuthQuery('?fbclid=1'))).toBe('facebook');
    expect(utmSourceFrom(readAuthQuery('?gclid=1'))).toBe('google');
    expect(utmSourceFrom(readAuthQuery('?gclid=1&utm_source=snap'))).toBe('snap');
    expect(utmSourceFrom(readAuthQuery(''))).toBeNull();
  });
});
