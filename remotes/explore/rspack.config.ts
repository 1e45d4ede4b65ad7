import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig, createRemoteServerConfig } from '@companion/build-config';

// The list explore asks for without a token on arrival (`getTopModels`, public audience) and the covers of the
// first row it shows: realistic unless `?category=anime` (000 §2.3: any other value is realistic), premium characters on `/premium-models`.
// Five covers: a full first row up to 1750 px (the spec's widest four-column step is 4, above it 5).
const TOP_MODELS = { path: 'PersonModel/top', query: { utmSource: 'utm_source' } };
const COVERS = { field: 'bodyImages', take: 5 };

const options = {
  name: 'explore',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  devPort: 3101,
  firstLoad: [
    {
      path: '/',
      api: [TOP_MODELS],
      images: {
        ...COVERS,
        rules: [{ query: { category: 'anime' }, where: { isAnime: true } }, { where: { isAnime: false } }],
      },
    },
    {
      path: '/premium-models',
      api: [TOP_MODELS],
      images: { ...COVERS, rules: [{ where: { isPremium: true } }] },
    },
  ],
};

// The browser build, and in production the first screen's server entry (ADR 0453), built after it.
export default process.env['NODE_ENV'] === 'development'
  ? createRemoteConfig(options)
  : [
      { ...createRemoteConfig(options), name: 'browser' },
      createRemoteServerConfig({ ...options, serverEntry: './src/server.tsx' }, 'browser'),
    ];
