import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig, createRemoteServerConfig } from '@companion/build-config';

const options = {
  name: 'checkout',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  devPort: 3106,
  exposes: {
    './paywall': './src/paywall-lifecycles.tsx',
    './subscription': './src/subscription-lifecycles.tsx',
    './banners': './src/banners-lifecycles.tsx',
  },
  // `/pricing`'s plans, public and priced by the visitor's country (ADR 0455): inlined into the page and shown by
  // its server-rendered first screen.
  firstLoad: [{ path: '/pricing', api: [{ path: 'Payments/subscription-products', country: true }] }],
};

// The browser build, and in production the first screen's server entry (ADR 0455), built after it.
export default process.env['NODE_ENV'] === 'development'
  ? createRemoteConfig(options)
  : [
      { ...createRemoteConfig(options), name: 'browser' },
      createRemoteServerConfig({ ...options, serverEntry: './src/server.tsx' }, 'browser'),
    ];
