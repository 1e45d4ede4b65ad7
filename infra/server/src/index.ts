export { createOriginServer } from './origin-server.ts';
export type { OriginServerOptions } from './origin-server.ts';
export { StartError, startProduct } from './product.ts';
export type { ProductOptions, RunningProduct } from './product.ts';
