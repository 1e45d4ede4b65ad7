// The standalone page's entry, supplied by the shared build config to every remote's dev server.
// Async boundary: shared modules (React) are negotiated before anything that uses them is imported.
void import('./boot.ts');
