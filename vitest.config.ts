import { availableParallelism } from 'node:os';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

// One run covers every package: Node code (infra, pure shared packages) and DOM code (shell, remotes, ui).
export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one: on CI's two cores, one file at a time while the other core
    // waited once lint, format and the typecheck beside it were done (ADR 0456). Every core, at least two.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'infra/**/*.test.ts',
            'shared/contracts/**/*.test.ts',
            'shared/event-bus/**/*.test.ts',
            'shared/build-config/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/dist/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Node test files build their own apps and databases and share no module state: one import of the API
          // per worker instead of one per file (5.2 min instead of 9 for this project on CI's two cores). The DOM
          // project stays isolated: jsdom's window and the remotes' module state must be fresh per file.
          isolate: false,
        },
      },
      {
        plugins: [vanillaExtractPlugin()],
        // Remotes render their build version; the build defines it, tests get a fixed one.
        define: { __REMOTE_VERSION__: JSON.stringify('test') },
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: [
            'shell/**/*.test.{ts,tsx}',
            'remotes/**/*.test.{ts,tsx}',
            'shared/ui/**/*.test.{ts,tsx}',
            'shared/history/**/*.test.ts',
            'shared/remote-kit/**/*.test.{ts,tsx}',
          ],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
    ],
  },
});
