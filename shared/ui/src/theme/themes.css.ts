// Side-effect entry (`@companion/ui/themes`): the shell imports it once. Remotes never do: they use `vars` only.
import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css.ts';
import { DARK, LIGHT } from './palettes.ts';

// Dark is the default, so a page without the attribute (a remote running alone, first paint) is already themed.
const DARK_SELECTOR = ":root, :root[data-theme='dark']";
const LIGHT_SELECTOR = ":root[data-theme='light']";

createGlobalTheme(DARK_SELECTOR, vars, DARK);
createGlobalTheme(LIGHT_SELECTOR, vars, LIGHT);

// Native controls and scrollbars follow the theme too.
globalStyle(DARK_SELECTOR, { colorScheme: 'dark' });
globalStyle(LIGHT_SELECTOR, { colorScheme: 'light' });

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
});

globalStyle('body', {
  margin: 0,
  minHeight: '100dvh',
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.family,
  fontSize: '16px',
  lineHeight: 1.5,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
});

globalStyle('img, svg, video, canvas', { display: 'block', maxWidth: '100%' });

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

globalStyle('h1, h2, h3, h4, p', { margin: 0 });

globalStyle('a', { color: vars.color.accentText });

globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' });

globalStyle('::selection', { background: vars.color.accentSoft });
