// Async boundary: the federation runtime negotiates shared singletons (React) before bootstrap imports them.
void import(/* webpackChunkName: "bootstrap" */ './bootstrap.tsx');
