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

// The origin's server-rendered first screen (ADR 0452, 0453) stays until the page it shows is ready: the remote that
// owns it hydrates it (and removes the element), or the shell's own page (a legal page) has nothing loading any more
// (and removes it). Meanwhile the shell's root, which renders the same chrome around a loading route outlet or a
// spinner, is hidden under it, so the page never shows both. Should the route's outlet mount or fail without taking
// the screen (a visitor went on, the remote could not load), the first screen is stale: hidden by these rules, so no
// other remote carries code for it.
const ROUTE_OUTLET = '#root #main [data-remote-outlet]';
const LOADING = `#root #main :is([data-remote-outlet][data-state="loading"], [role="status"])`;
globalStyle(`#first-screen:has(~ #root #main):not(:has(~ ${LOADING}))`, { display: 'none' });
globalStyle(`#first-screen:has(~ ${LOADING}) ~ #root`, { display: 'none' });

// A control of the first screen does nothing until its remote has hydrated it (it then sits in the route outlet, out
// of `#first-screen`): meanwhile it takes no press (one would do nothing), so a test's click waits for the live
// control instead of landing on a dead one (ADR 0455). Links stay: they work without JavaScript.
globalStyle('#first-screen :is(button, input, select, textarea, [role="radio"])', { pointerEvents: 'none' });

// Until then the first screen paints in the system's fonts: the brand font's files would otherwise download beside
// the JavaScript the page needs to come alive (three weights, ~42 KB: ~0.2 s at 1.6 Mbps). They follow when the
// screen is hydrated or gone.
globalStyle(`body:has(> #first-screen):not(:has(${ROUTE_OUTLET}:not([data-state="loading"])))`, {
  fontFamily: SYSTEM_FALLBACK,
});

globalStyle('img, svg, video, canvas', { display: 'block', maxWidth: '100%' });

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

globalStyle('h1, h2, h3, h4, p', { margin: 0 });

globalStyle('a', { color: vars.color.accentText });

globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' });

globalStyle('::selection', { background: vars.color.accentSoft });
