// The explore remote's server entry (ADR 0453): the first screen of `/` and `/premium-models` as HTML (the hero,
// the filter and the first cards from the origin's public answer), which the origin puts inside the shell's chrome
// frame before any JavaScript and the browser then hydrates. Built for Node into `server/first-screen.mjs`.
import { defineFirstScreen } from '@companion/remote-kit/server';
import { App, prepareFirstScreen } from './app/app.tsx';

export const renderFirstScreen = defineFirstScreen({
  name: 'explore',
  version: __REMOTE_VERSION__,
  App,
  prepare: (path) => prepareFirstScreen(path),
});
