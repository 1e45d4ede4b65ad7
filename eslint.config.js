import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { featureBoundaries, noCrossPackageRelative } from './shared/build-config/eslint-layering.js';

const SHARED = [
  '@companion/contracts',
  '@companion/event-bus',
  '@companion/ui',
  '@companion/build-config',
  '@companion/history',
  '@companion/remote-kit',
];
// The shell's folders are layers: each may import only the folders named here (plus itself). `app/` is the
// composition root; `app/shell-context.tsx` (the services every part reads) is open to all.
const SHELL_LAYERS = {
  '': ['*'],
  app: ['*'],
  analytics: [],
  brand: [],
  chrome: ['brand', 'routing', 'session'],
  // Error reporting: the outlet reports remotes' failures through it.
  errors: [],
  federation: [],
  hubs: ['session'],
  outlet: ['federation', 'errors'],
  // session: the persisted user slice keeps the visitor's country (000 §3).
  pages: ['brand', 'chrome', 'session'],
  routing: ['brand', 'session'],
  session: [],
  theme: ['brand'],
  // Tracking reads the session's persisted keys (one owner of every `persist:` key, ADR 0120).
  tracking: ['session'],
};
// Which shared packages each shared package may import (house style rule 7; ADR 0123's review item 3).
const SHARED_ALLOW = {
  contracts: [],
  'event-bus': ['@companion/contracts'],
  history: ['@companion/contracts'],
  ui: [],
  'build-config': ['@companion/contracts'],
  'remote-kit': ['@companion/contracts', '@companion/event-bus', '@companion/history', '@companion/ui'],
};
// What a remote reaches only through mount props and the kit (house style rule 6).
const SEAM_MESSAGE = {
  fetch:
    'Use the transport from mount props (useTransport(), useResource()): it carries auth, refresh and 410 handling.',
  storage: 'Keep device state through the kit (sessionStore, persistStore) or the bus and the shell.',
  location:
    'Read and change the URL through the shared history: useRemoteLocation() / useRemoteNavigate(); leave the app with leaveTo().',
  channel: 'Tabs and windows talk through the shell, not from a remote.',
};
const allowOnly = (allowed, message) => ({
  patterns: [
    {
      group: ['@companion/*', ...allowed.map((name) => `!${name}`), ...allowed.map((name) => `!${name}/*`)],
      message,
    },
  ],
});

// The reference API's layers (ADR 0450): folder → the folders it may import ('' is the root: app.ts, main.ts).
const API_LAYERS = {
  '': ['*'],
  db: [],
  engines: ['db'],
  workers: ['http'],
  http: ['db', 'engines', 'hubs', 'workers'],
  hubs: ['db', 'engines', 'http'],
  seed: ['db', 'engines', 'http'],
  features: ['db', 'engines', 'http', 'seed', 'workers'],
};
// What every layer may import across the line: the configuration, the ledger (the one writer of the money
// tables), the metrics registry, and the chat service and chat memory the chat hub builds on.
const API_PUBLIC = [
  'config.ts',
  'features/tokens/ledger.ts',
  'features/metrics/registry.ts',
  'features/chats/chat-service.ts',
  'features/chats/memory/memory-service.ts',
];
// Features reach each other only through these (besides nothing): each feature's index.ts and the named services.
const FEATURE_PUBLIC = [
  'auth/index.ts',
  'auth/sessions.ts',
  'auth/magic-links.ts',
  'characters/index.ts',
  'chats/index.ts',
  'chats/chat-service.ts',
  'chats/memory/memory-service.ts',
  'events/index.ts',
  'gallery/index.ts',
  'metrics/registry.ts',
  'tokens/ledger.ts',
  'users/country.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/.data-*/**',
      '**/test-results*/**',
      '**/playwright-report/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: {
      local: {
        rules: {
          'no-cross-package-relative': noCrossPackageRelative,
          'feature-boundaries': featureBoundaries,
          // The same rule over the reference API's top folders (a second name, so both apply in features/).
          'api-layers': featureBoundaries,
        },
      },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'local/no-cross-package-relative': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No `export *`: name what a package exports.' },
      ],
    },
  },
  {
    // No import cycles inside the front-end packages (the contracts' events <-> mount circle was one).
    files: ['shell/**/*.{ts,tsx}', 'remotes/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Every package with hooks (shared/remote-kit and shared/history included).
    files: ['shell/**/*.{ts,tsx}', 'remotes/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Import directions (house style rule 1): shared <- shell, remotes. Remotes never import each other or the shell.
  {
    files: ['remotes/**/*.{ts,tsx}'],
    ignores: ['remotes/*/rspack.config.ts', 'remotes/*/dev/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        allowOnly(
          SHARED,
          'A remote imports only shared packages: talk to the shell and other remotes through mount props and the bus.',
        ),
      ],
      // Side effects go through the seams the shell passes in mount props (house style rule 6).
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: SEAM_MESSAGE.fetch },
        { name: 'localStorage', message: SEAM_MESSAGE.storage },
        { name: 'sessionStorage', message: SEAM_MESSAGE.storage },
        { name: 'location', message: SEAM_MESSAGE.location },
        { name: 'BroadcastChannel', message: SEAM_MESSAGE.channel },
        { name: 'WebSocket', message: 'Use the hub client in mount props.' },
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) => [
          { object, property: 'fetch', message: SEAM_MESSAGE.fetch },
          { object, property: 'localStorage', message: SEAM_MESSAGE.storage },
          { object, property: 'sessionStorage', message: SEAM_MESSAGE.storage },
          { object, property: 'location', message: SEAM_MESSAGE.location },
          { object, property: 'BroadcastChannel', message: SEAM_MESSAGE.channel },
          { object, property: 'postMessage', message: SEAM_MESSAGE.channel },
        ]),
        { object: 'document', property: 'location', message: SEAM_MESSAGE.location },
      ],
      // No imports between a remote's features (bulletproof-react); pages compose them.
      'local/feature-boundaries': ['error', { base: 'remotes/[^/]+/src/features' }],
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        allowOnly(SHARED, 'The shell knows remotes only through /registry.json at run time.'),
      ],
      'local/feature-boundaries': [
        'error',
        { base: 'shell/src', allow: SHELL_LAYERS, open: ['app/shell-context.tsx'] },
      ],
    },
  },
  ...Object.entries(SHARED_ALLOW).map(([name, allowed]) => ({
    files: [`shared/${name}/**/*.{ts,tsx,js}`],
    rules: {
      'no-restricted-imports': [
        'error',
        allowOnly(
          allowed,
          `@companion/${name} may import ${allowed.length ? allowed.join(', ') : 'no other workspace package'} (eslint.config.js SHARED_ALLOW).`,
        ),
      ],
    },
  })),
  // Every spec takes `test` from e2e/support/test.ts, which watches each test for hydration problems (ADR 0454).
  {
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message:
                "Import `test` from '../support/test.ts': it watches every test for hydration problems.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['infra/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        allowOnly(
          [
            '@companion/contracts',
            '@companion/registry',
            '@companion/hubs',
            '@companion/api',
            '@companion/build-config',
          ],
          'Infra never imports front-end code.',
        ),
      ],
    },
  },
  // The reference API's layers (ADR 0450): the composition root (app.ts, main.ts) may import anything; below it
  // each folder imports only the layers named here. Another layer's feature code is reached only through the
  // public files in API_PUBLIC (the ledger is the one owner of the money tables).
  {
    files: ['infra/api/src/**/*.ts'],
    rules: {
      'local/api-layers': ['error', { base: 'infra/api/src', allow: API_LAYERS, open: API_PUBLIC }],
    },
  },
  // Features import each other only through a feature's index.ts or the public files in FEATURE_PUBLIC.
  {
    files: ['infra/api/src/features/**/*.ts'],
    rules: {
      'local/feature-boundaries': ['error', { base: 'infra/api/src/features', open: FEATURE_PUBLIC }],
    },
  },
  // Tests drive the real page from outside: they set the URL and storage and compose across folders.
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**/*.{ts,tsx}', '**/test-kit.ts'],
    rules: {
      'local/feature-boundaries': 'off',
      'local/api-layers': 'off',
      'no-restricted-globals': 'off',
      'no-restricted-properties': 'off',
    },
  },
);
