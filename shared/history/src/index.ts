export { createAppHistory, createPath, parsePath } from './app-history.ts';
