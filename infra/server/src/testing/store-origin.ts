import { rm } from 'node:fs/promises';
import path from 'node:path';
import { openStore, type Store } from '@companion/registry';
import { tempDir } from '@companion/registry/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createOriginServer } from '../origin-server.ts';

/** What a suite of {@link useStoreOrigin} reads once its `beforeAll` ran. */
export interface StoreOrigin {
  root: string;
  store: Store;
  app: FastifyInstance;
}

/**
 * One origin per suite (not listening: tests `inject`) over a folder store in a fresh temp folder: `prepare`
 * publishes what the suite needs and returns the shell's folder. Closed and removed after the suite.
 */
export function useStoreOrigin(
  prefix: string,
  prepare: (root: string, store: Store) => Promise<string>,
): StoreOrigin {
  const suite = {} as StoreOrigin;
  beforeAll(async () => {
    suite.root = await tempDir(prefix);
    suite.store = openStore(path.join(suite.root, 'data'));
    const shellDir = await prepare(suite.root, suite.store);
    suite.app = await createOriginServer({
      dataDir: path.join(suite.root, 'data'),
      shellDir,
      apiUrl: 'http://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    await suite.app.close();
    await rm(suite.root, { recursive: true, force: true });
  });
  return suite;
}
