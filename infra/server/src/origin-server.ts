import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import { emptyRegistry, type Registry } from '@companion/registry';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE, NO_CACHE, shellCacheControl } from './cache-policy.ts';
import { sendError } from './errors.ts';
import { createFirstLoadApi } from './first-load-api.ts';
import { createIndexRenderer } from './index-html.ts';
import { addSecurityHeaders } from './security-headers.ts';

// The hubs check Origin on WebSocket upgrades too: forward it, the cookie (the library's default) and the host
// the browser used. `rewriteRequestHeaders` is supported by @fastify/http-proxy 11 but missing from its types.
const WS_CLIENT_OPTIONS = {
  headers: {},
  rewriteRequestHeaders: (
    headers: Record<string, unknown>,
    request: { headers: Record<string, string | string[] | undefined> },
  ) => ({
    ...headers,
    ...(request.headers['cookie'] ? { cookie: request.headers['cookie'] } : {}),
    ...(request.headers['origin'] ? { origin: request.headers['origin'] } : {}),
    'x-forwarded-host': request.headers['host'] ?? '',
  }),
};

/** Options of the one-origin server. */
export interface OriginServerOptions {
  /** Holds `registry.json` and the remote store (`remotes/<name>/<version>/`). */
  dataDir: string;
  /** The shell's build folder (`shell/dist`). */
  shellDir: string;
  /** Where `/api` and `/hubs` go; default `http://127.0.0.1:3001`. */
  apiUrl?: string;
  /** Upstream wait for headers and between body chunks; above the hubs' 100 s long-poll hold. */
  proxyTimeoutMs?: number;
  logger?: boolean;
  /** Google sign-in client id, published to the page as `<meta name="google-signin-client_id">`. */
  googleClientId?: string | undefined;
  /** `SENTRY_DSN`, published to the page as `<meta name="sentry-dsn">`. */
  sentryDsn?: string | undefined;
}

/** Path prefixes that never fall back to the shell's index.html. */
const NOT_CLIENT_ROUTES = ['/api/', '/hubs/', '/remotes/', '/assets/'];
const NOT_CLIENT_EXACT = new Set(['/api', '/hubs', '/remotes', '/registry.json']);

/**
 * Builds (without listening) the server behind `http://localhost:3000`: the shell with history fallback,
 * `/registry.json` read per request, the immutable remote store, and `/api` + `/hubs` proxied to the API.
 */
export async function createOriginServer(options: OriginServerOptions): Promise<FastifyInstance> {
  const apiUrl = options.apiUrl ?? 'http://127.0.0.1:3001';
  const remotesDir = path.join(options.dataDir, 'remotes');
  const registryFile = path.join(options.dataDir, 'registry.json');
  const proxyTimeoutMs = options.proxyTimeoutMs ?? 120_000;
  // @fastify/static needs its root to exist; a fresh data folder has no store yet.
  mkdirSync(remotesDir, { recursive: true });

  const app = Fastify({
    logger: options.logger ?? false,
    // Long polls and hub sockets would otherwise hold close() open for up to 100 s.
    forceCloseConnections: true,
  });
  app.addHook('onSend', addSecurityHeaders);

  for (const prefix of ['/api', '/hubs']) {
    await app.register(fastifyProxy, {
      upstream: apiUrl,
      prefix,
      rewritePrefix: prefix,
      websocket: true,
      wsClientOptions: WS_CLIENT_OPTIONS,
      undici: { headersTimeout: proxyTimeoutMs, bodyTimeout: proxyTimeoutMs },
      replyOptions: {
        // Retrying is the client transport's decision; the proxy answers once and says why.
        retryDelay: () => null,
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          'x-forwarded-for': [headers['x-forwarded-for'], request.ip].filter(Boolean).join(', '),
          'x-forwarded-proto': request.protocol,
          'x-forwarded-host': request.headers.host ?? '',
        }),
        onError: (reply, { error }) => {
          const timedOut = (error as { statusCode?: number }).statusCode === 504;
          if (timedOut) {
            sendError(
              reply as unknown as FastifyReply,
              504,
              'api_timeout',
              'The API did not answer in time. Try again in a moment.',
            );
          } else {
            sendError(
              reply as unknown as FastifyReply,
              502,
              'api_unavailable',
              'The API is not reachable right now. Try again in a moment.',
            );
          }
        },
      },
    });
  }

  // Static content lives in its own context so compression never wraps proxied streams (long polls, SSE).
  await app.register(async (site) => {
    await site.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

    // Read on every request: a deploy or rollback is live on the next page load, no restart or cache.
    const readRegistryText = async (): Promise<string> => {
      try {
        return await readFile(registryFile, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        return JSON.stringify(emptyRegistry());
      }
    };
    const renderIndex = createIndexRenderer({
      shellDir: options.shellDir,
      remotesDir,
      googleClientId: options.googleClientId,
      sentryDsn: options.sentryDsn,
      readRegistry: async () => JSON.parse(await readRegistryText()) as Registry,
      fetchApi: createFirstLoadApi({ apiUrl }),
    });

    site.get('/registry.json', async (_request, reply) =>
      reply
        .header('cache-control', NO_CACHE)
        .type('application/json; charset=utf-8')
        .send(await readRegistryText()),
    );

    await site.register(fastifyStatic, {
      root: remotesDir,
      prefix: '/remotes/',
      decorateReply: false,
      index: false,
      redirect: false,
      list: false,
      serveDotFiles: false,
      // Publishing stages builds in dot-folders beside the version folders; never serve those.
      allowedPath: hasNoDotSegment,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res) => {
        res.setHeader('cache-control', IMMUTABLE);
        res.setHeader('vary', 'accept-encoding');
        // Public, content-addressed code: a dev shell on another port may load it directly.
        res.setHeader('access-control-allow-origin', '*');
      },
    });

    await site.register(fastifyStatic, {
      root: options.shellDir,
      prefix: '/',
      index: false,
      redirect: false,
      list: false,
      serveDotFiles: false,
      allowedPath: hasNoDotSegment,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', shellCacheControl(path.relative(options.shellDir, filePath)));
      },
    });

    const sendIndex = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
      reply
        .header('cache-control', NO_CACHE)
        .type('text/html; charset=utf-8')
        .send(await renderIndex(request.url));

    site.get('/', async (request, reply) => sendIndex(request, reply));

    site.setNotFoundHandler(async (request, reply) => {
      if (isClientRoute(request)) return sendIndex(request, reply);
      return sendError(reply, 404, 'not_found', `Nothing at ${request.method} ${request.url.split('?')[0]}.`);
    });

    site.setErrorHandler(async (error: { statusCode?: number; message: string }, request, reply) => {
      const status = error.statusCode ?? 500;
      // send answers 403 for a folder and for dotfiles; to a client both are simply not there.
      if (status === 404 || status === 403)
        return sendError(
          reply,
          404,
          'not_found',
          `Nothing at ${request.method} ${request.url.split('?')[0]}.`,
        );
      if (status >= 500) request.log.error(error);
      return sendError(
        reply,
        status,
        status >= 500 ? 'internal' : 'bad_request',
        status >= 500 ? 'Something went wrong.' : error.message,
      );
    });
  });

  return app;
}

/** False for any path with a segment starting with a dot (staging folders, `.git`, `.env`). */
function hasNoDotSegment(pathName: string): boolean {
  return !pathName.split('/').some((segment) => segment.startsWith('.'));
}

/** A browser navigation to a client route: GET/HEAD, wants HTML, and not a server-owned path. */
function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (NOT_CLIENT_EXACT.has(pathname) || NOT_CLIENT_ROUTES.some((prefix) => pathname.startsWith(prefix)))
    return false;
  return (request.headers.accept ?? '').includes('text/html');
}
