import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig, createRemoteServerConfig } from '@companion/build-config';

const dir = path.dirname(fileURLToPath(import.meta.url));
const { companion } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
  companion: { routes: string[] };
};

// Each page's own lazy chunk (`src/app/app.tsx`), which the origin preloads on its path (ADR 0285): the pages
// besides the quizzes by name, every other path is a quiz or landing variant.
const PAGE_CHUNKS: Record<string, string> = {
  '/chat-landing/:chatId': 'chat-landing',
  '/affiliates': 'affiliates',
  '/funnel-report': 'funnel-report',
};

const options = {
  name: 'funnels',
  dir,
  devPort: 3107,
  // The chat landing's characters are public: the origin inlines them, and its first screen shows one (ADR 0458).
  firstLoad: companion.routes.map((route) => ({
    path: route,
    chunks: [PAGE_CHUNKS[route] ?? 'quiz'],
    ...(route === '/chat-landing/:chatId' && {
      api: [{ path: 'PersonModel/quiz-net-funnel-person-models' }],
    }),
  })),
};

// The browser build, and in production the first screen's server entry (ADR 0452), built after it.
export default process.env['NODE_ENV'] === 'development'
  ? createRemoteConfig(options)
  : [
      { ...createRemoteConfig(options), name: 'browser' },
      createRemoteServerConfig({ ...options, serverEntry: './src/server.tsx' }, 'browser'),
    ];
