import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createShellConfig } from '@companion/build-config';
import { ROUTE_TABLE } from './src/routing/route-table.ts';

export default createShellConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  devPort: 3100,
  routes: ROUTE_TABLE.flatMap((route) =>
    route.owner.kind === 'remote' ? [{ path: route.path, remote: route.owner.remote }] : [],
  ),
});
