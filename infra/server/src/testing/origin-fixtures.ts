import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createOriginServer } from '../origin-server.ts';
import { startFakeApi } from './fake-api.ts';
import type { FakeApi } from './fake-api.ts';

/** The page most origin tests serve as the shell's `index.html`. */
export const BLANK_INDEX = '<!doctype html><html><head></head><body></body></html>';

/** Writes a built shell, `<root>/shell/` with `index.html` and other files by relative path; returns its folder. */
export async function writeShell(
  root: string,
  indexHtml: string,
  files: Record<string, string> = {},
): Promise<string> {
  const shellDir = path.join(root, 'shell');
  for (const [file, content] of Object.entries({ 'index.html': indexHtml, ...files })) {
    await mkdir(path.dirname(path.join(shellDir, file)), { recursive: true });
    await writeFile(path.join(shellDir, file), content);
  }
  return shellDir;
}

/** An origin listening on a free local port in front of a fake API. */
export interface TestOrigin {
  app: FastifyInstance;
  api: FakeApi;
  port: number;
  /** Closes the origin, then the fake API. */
  close(): Promise<void>;
}

/** Starts a fake API and an origin for it serving `shellDir` and the folder store in `dataDir`. */
export async function startTestOrigin(dataDir: string, shellDir: string): Promise<TestOrigin> {
  const api = await startFakeApi();
  const app = await createOriginServer({ dataDir, shellDir, apiUrl: api.url });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    api,
    port: (app.server.address() as AddressInfo).port,
    async close() {
      await app.close();
      await api.close();
    },
  };
}

/** GETs `url` from an origin as a client that accepts `acceptEncoding` (`identity` for the plain bytes). */
export function injectEncoded(
  app: FastifyInstance,
  url: string,
  acceptEncoding: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ url, headers: { 'accept-encoding': acceptEncoding } });
}
