import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from '@companion/build-config';

export default createRemoteConfig({
  name: 'checkout',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  devPort: 3106,
  exposes: {
    './paywall': './src/paywall-lifecycles.tsx',
    './subscription': './src/subscription-lifecycles.tsx',
    './banners': './src/banners-lifecycles.tsx',
  },
});
