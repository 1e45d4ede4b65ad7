import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createShellConfig } from '@companion/build-config';

export default createShellConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  devPort: 3100,
});
