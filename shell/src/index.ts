import { installChunkReload } from './errors/chunk-reload.ts';

// Before the bootstrap chunk loads: its preloads of later chunks start with it, and a failure must find the listener.
installChunkReload({ window, storage: sessionStorage });
// Async boundary: the federation runtime negotiates shared singletons (React) before bootstrap imports them.
void import(/* webpackChunkName: "bootstrap" */ './bootstrap.tsx');
