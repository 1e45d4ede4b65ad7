import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noCrossPackageRelative } from './shared/build-config/eslint-layering.js';

const SHARED = [
  '@companion/contracts',
  '@companion/event-bus',
  '@companion/ui',
  '@companion/build-config',
  '@companion/history',
  '@companion/remote-kit',
];
const allowOnly = (allowed, message) => ({
  patterns: [
    {
      group: ['@companion/*', ...allowed.map((name) => `!${name}`), ...allowed.map((name) => `!${name}/*`)],
      message,
    },
  ],
});

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
    plugins: { local: { rules: { 'no-cross-package-relative': noCrossPackageRelative } } },
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
    files: ['shell/**/*.{ts,tsx}', 'remotes/**/*.{ts,tsx}', 'shared/ui/**/*.{ts,tsx}'],
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
        {
          name: 'fetch',
          message:
            'Use the transport from mount props (useTransport()): it carries auth, refresh and 410 handling.',
        },
        {
          name: 'localStorage',
          message: 'Remotes keep no persistent state of their own; state crosses through the bus.',
        },
        { name: 'WebSocket', message: 'Use the hub client in mount props.' },
      ],
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        allowOnly(SHARED, 'The shell knows remotes only through /registry.json at run time.'),
      ],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', allowOnly(SHARED, 'A shared package imports nothing app-level.')],
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
);
