import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from '@companion/build-config';

export default createRemoteConfig({
  name: 'gallery',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  devPort: 3104,
});
