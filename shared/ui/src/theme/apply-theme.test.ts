import { afterEach, describe, expect, it } from 'vitest';
import { FONT_STACKS } from '../font-stacks.ts';
import { applyTheme } from './index.ts';

afterEach(() => {
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('style');
});

describe('applyTheme', () => {
  it('should set data-theme and the font variable on <html>', () => {
    applyTheme({ mode: 'light', fontFamily: FONT_STACKS.spaceGrotesk });
    const html = document.documentElement;
    expect(html.getAttribute('data-theme')).toBe('light');
    expect(html.style.getPropertyValue('--cmp-font-family')).toBe(FONT_STACKS.spaceGrotesk);
    applyTheme({ mode: 'dark', fontFamily: FONT_STACKS.manrope });
    expect(html.getAttribute('data-theme')).toBe('dark');
    expect(html.style.getPropertyValue('--cmp-font-family')).toBe(FONT_STACKS.manrope);
  });
});
