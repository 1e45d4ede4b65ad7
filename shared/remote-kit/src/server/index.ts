// `@companion/remote-kit/server`: what a remote's server entry is built from (ADR 0452). Node only.
export { defineFirstScreen, serverHistory, serverMountProps } from './render-first-screen.tsx';
