// Side-effect entry (`@companion/ui/themes`): the shell imports it once. Remotes never do: they use `vars` only.
import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { SYSTEM_FALLBACK } from '../font-stacks.ts';
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

// A remote's root element (remote-kit's `remoteRoot`) makes no box of its own. A rule, not an inline style: the
// origin's server-rendered first screen carries the markup, and the page's CSP refuses inline style attributes.
globalStyle('[data-remote][data-build-version]', { display: 'contents' });

// The origin's server-rendered first screen (ADR 0452) stays until the remote that owns it hydrates it (and removes
// the element). Should another remote's outlet mount or fail first (a visitor went back, the remote could not load),
// the first screen is stale: hidden by this rule, so no other remote carries code for it.
const OUTLET_SETTLED = '#root [data-remote-outlet]:not([data-state="loading"])';
globalStyle(`#first-screen:has(~ ${OUTLET_SETTLED})`, { display: 'none' });

// Until then the first screen paints in the system's fonts: the brand font's files would otherwise download beside
// the JavaScript the page needs to come alive (three weights, ~42 KB: ~0.2 s at 1.6 Mbps). They follow when the
// screen is hydrated or gone.
globalStyle(`body:has(> #first-screen):not(:has(${OUTLET_SETTLED}))`, { fontFamily: SYSTEM_FALLBACK });

globalStyle('img, svg, video, canvas', { display: 'block', maxWidth: '100%' });

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

globalStyle('h1, h2, h3, h4, p', { margin: 0 });

globalStyle('a', { color: vars.color.accentText });

globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' });

globalStyle('::selection', { background: vars.color.accentSoft });
