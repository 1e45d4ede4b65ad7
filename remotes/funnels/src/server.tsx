// The funnels remote's server entry (ADR 0452): a quiz's or landing's first screen as HTML, which the origin puts
// in the page before any JavaScript and the browser then hydrates. Built for Node into `server/first-screen.mjs`.
import { defineFirstScreen } from '@companion/remote-kit/server';
import { App, prepareFirstScreen } from './app/app.tsx';

export const renderFirstScreen = defineFirstScreen({
  name: 'funnels',
  version: __REMOTE_VERSION__,
  App,
  prepare: (path, brand) => prepareFirstScreen(path, brand),
});
