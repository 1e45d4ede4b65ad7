// Async boundary: shared modules (React) are negotiated before anything that uses them is imported.
void import('./standalone.ts');
