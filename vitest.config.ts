import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

// One run covers every package: Node code (infra, pure shared packages) and DOM code (shell, remotes, ui).
export default defineConfig({
  test: {
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
