export { startStandalone } from './standalone.ts';
