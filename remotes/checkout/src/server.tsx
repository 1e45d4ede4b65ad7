// The checkout remote's server entry (ADR 0455): `/pricing`'s first screen as HTML (the title, the offer headline and
// the plans of the visitor's region, from the origin's public answer), which the origin puts inside the shell's
// chrome frame before any JavaScript and the browser then hydrates. Built for Node into `server/first-screen.mjs`.
import { defineFirstScreen } from '@companion/remote-kit/server';
import { App, prepareFirstScreen } from './app/app.tsx';

export const renderFirstScreen = defineFirstScreen({
  name: 'checkout',
  version: __REMOTE_VERSION__,
  App,
  prepare: prepareFirstScreen,
});
