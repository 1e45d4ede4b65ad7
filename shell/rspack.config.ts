import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createShellConfig, createShellServerConfig } from '@companion/build-config';

const options = { dir: path.dirname(fileURLToPath(import.meta.url)), devPort: 3100 };

// The browser build, and in production the chrome frame's server entry (ADR 0453), built after it.
export default process.env['NODE_ENV'] === 'development'
  ? createShellConfig(options)
  : [{ ...createShellConfig(options), name: 'browser' }, createShellServerConfig(options, 'browser')];
