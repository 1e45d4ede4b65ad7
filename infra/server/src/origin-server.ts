import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import { CHROME_FRAME_FILE } from '@companion/contracts';
import { contentTypeOf, emptyRegistry, type Registry, type RemoteStore } from '@companion/registry';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE, NO_CACHE, shellCacheControl } from './cache-policy.ts';
import { hasCanary, newVisitor, registryForVisitor, visitorIdOf } from './canary.ts';
import { Readable } from 'node:stream';
import { clientErrorHandler, sendError, sendFailure } from './errors.ts';
import { createFirstLoadApi } from './first-load-api.ts';
import { isBotUserAgent } from './bot.ts';
import { createChromeFrame, createFirstScreenRenderer } from './first-screen.ts';
import { createIndexRenderer } from './index-html.ts';
import {
  addSecurityHeaders,
  createNonce,
  inlineStyleHashes,
  setHtmlSecurityHeaders,
  withNonce,
} from './security-headers.ts';
import { pixelCspSources } from './ad-pixels.ts';
import { joinCspSources } from './payment-form-csp.ts';
import { relayUpgrades } from './upgrade-proxy.ts';
import type { OriginServerOptions } from './origin-options.ts';

export type { OriginServerOptions } from './origin-options.ts';

const API_DOWN_MESSAGE = 'The API is not reachable right now. Try again in a moment.';

/** The API's 413 body, word for word, so a client cannot tell which hop refused. */
const PAYLOAD_TOO_LARGE = { code: 'payload_too_large', message: 'Request body is too large.', field: 'body' };

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
  const countryHeader = (options.countryHeader ?? 'cf-ipcountry').toLowerCase();
  // @fastify/static needs its root to exist; a fresh data folder has no store yet.
  mkdirSync(remotesDir, { recursive: true });

  const apiBodyLimit = options.apiBodyLimitBytes ?? 1024 * 1024;
  const app = Fastify({
    logger: options.logger ?? false,
    // Long polls and hub sockets would otherwise hold close() open for up to 100 s.
    forceCloseConnections: true,
    clientErrorHandler,
    // A path that is not valid percent-encoding: the platform's JSON error, without echoing the URL back.
    frameworkErrors: (error, _request, reply) => {
      if (error.code === 'FST_ERR_BAD_URL') return sendBadUrl(reply);
      return sendError(reply, 400, 'bad_request', 'The request could not be routed.', 'path');
    },
    trustProxy: options.trustedProxies ? options.trustedProxies.split(',').map((a) => a.trim()) : false,
  });
  app.addHook('onSend', addSecurityHeaders);
  app.setErrorHandler(
    async (error: { statusCode?: number; code?: string; message: string }, request, reply) => {
      if (error.statusCode === 413)
        return sendError(
          reply,
          413,
          PAYLOAD_TOO_LARGE.code,
          PAYLOAD_TOO_LARGE.message,
          PAYLOAD_TOO_LARGE.field,
        );
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      // The proxy reads no body: its 400s are about the path (a `..` segment, even percent-encoded).
      if (status === 400 && isApiPath(request.url))
        return sendError(reply, 400, 'invalid_path', 'The path is not valid for the API.', 'path');
      return sendFailure(request, reply, status, error);
    },
  );
  const apiAvailable = options.apiAvailable ?? (() => true);
  app.addHook('onRequest', async (request, reply) => {
    if (apiAvailable() || !isApiPath(request.url)) return;
    reply.header('retry-after', '1');
    return sendError(reply, 503, 'api_unavailable', API_DOWN_MESSAGE);
  });
  // Oversize API bodies end here. A declared length is refused before reading (Node discards the rest of the
  // upload and the keep-alive socket stays usable); a chunked body is read up to the limit and passed on whole.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return payload;
    const declared = request.headers['content-length'];
    if (declared !== undefined) {
      if (Number(declared) > apiBodyLimit) throw tooLarge();
      return payload;
    }
    if (request.headers['transfer-encoding'] === undefined) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > apiBodyLimit) throw tooLarge();
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    request.headers['content-length'] = String(body.length);
    delete request.headers['transfer-encoding'];
    return Object.assign(Readable.from([body]), { receivedEncodedLength: body.length });
  });

  for (const prefix of ['/api', '/hubs']) {
    await app.register(fastifyProxy, {
      upstream: apiUrl,
      prefix,
      rewritePrefix: prefix,
      undici: { headersTimeout: proxyTimeoutMs, bodyTimeout: proxyTimeoutMs },
      replyOptions: {
        // Retrying is the client transport's decision; the proxy answers once and says why.
        retryDelay: () => null,
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          // Only the address the origin itself established: the API trusts this hop (loopback), so passing a
          // client's own X-Forwarded-For along would let anyone pick the address the rate limits count.
          'x-forwarded-for': request.ip,
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
            // Not listening (restarting) or dropped mid-answer: unavailable for now, worth a retry soon.
            (reply as unknown as FastifyReply).header('retry-after', '1');
            sendError(reply as unknown as FastifyReply, 503, 'api_unavailable', API_DOWN_MESSAGE);
          }
        },
      },
    });
  }

  // WebSockets (hubs) bypass the HTTP proxy: relayed as bytes so the API's refusals (401, 410, 403…) reach clients.
  relayUpgrades(app, apiUrl, apiAvailable);

  // Static content lives in its own context so compression never wraps proxied streams (long polls, SSE).
  await app.register(async (site) => {
    await site.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

    const bucket = options.store?.kind === 's3' ? options.store : undefined;
    const registryCacheMs = options.registryCacheMs ?? 1000;
    let cachedRegistry: { at: number; text: Promise<string> } | undefined;
    // Read on every request: a deploy or rollback is live on the next page load, no restart or cache. From a
    // bucket, one read a second is shared by every request (a round trip per page load is not worth it).
    const readRegistryText = async (): Promise<string> => {
      if (bucket) {
        if (!cachedRegistry || Date.now() - cachedRegistry.at >= registryCacheMs) {
          const text = bucket.readRegistryText();
          cachedRegistry = { at: Date.now(), text };
          text.catch(() => {
            if (cachedRegistry?.text === text) cachedRegistry = undefined;
          });
        }
        return cachedRegistry.text;
      }
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
      ...(bucket
        ? {
            readRemoteFile: (remote: string, version: string, file: string) =>
              bucket.readRemoteFile(remote, version, file),
          }
        : {}),
      googleClientId: options.googleClientId,
      sentryDsn: options.sentryDsn,
      adPixels: options.adPixels ?? null,
      readRegistry: async (visitorId) =>
        registryForVisitor(JSON.parse(await readRegistryText()) as Registry, visitorId ?? null),
      fetchApi: createFirstLoadApi({ apiUrl, countryHeader }),
      ...(options.firstScreen === false
        ? {}
        : {
            firstScreen: createFirstScreenRenderer({
              readRemoteFile: bucket
                ? (remote, version, file) => bucket.readRemoteFile(remote, version, file)
                : (remote, version, file) =>
                    readFile(path.join(remotesDir, remote, version, file)).catch(() => null),
              ...(options.firstScreenBudgetMs ? { budgetMs: options.firstScreenBudgetMs } : {}),
            }),
            chromeFrame: createChromeFrame({ file: path.join(options.shellDir, CHROME_FRAME_FILE) }),
          }),
    });

    site.get('/registry.json', async (request, reply) => {
      const text = await readRegistryText();
      const registry = JSON.parse(text) as Registry;
      reply.header('cache-control', NO_CACHE).type('application/json; charset=utf-8');
      if (!hasCanary(registry)) return reply.send(text);
      // A canary makes the document differ per visitor (sticky by the visitor cookie).
      const visitor = visitorIdOf(request.headers.cookie);
      return reply.header('vary', 'cookie').send(JSON.stringify(registryForVisitor(registry, visitor)));
    });

    if (bucket) serveRemotesFromBucket(site, bucket);
    else
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
      // The chrome frame's server entry (ADR 0453) is the origin's to import, not a page's to download.
      allowedPath: (pathName) =>
        hasNoDotSegment(pathName) && !pathName.startsWith(`/${path.dirname(CHROME_FRAME_FILE)}/`),
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', shellCacheControl(path.relative(options.shellDir, filePath)));
      },
    });

    const cspSources = joinCspSources(
      pixelCspSources(options.adPixels ?? null),
      options.paymentFormSources ?? { script: [], connect: [] },
    );
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      const nonce = createNonce();
      // The visitor cookie that keeps a canary sticky (ADR 0247): set once, on the first page.
      let visitor = visitorIdOf(request.headers.cookie);
      if (!visitor) {
        const fresh = newVisitor(request.protocol === 'https');
        visitor = fresh.id;
        reply.header('set-cookie', fresh.cookie);
      }
      const html = withNonce(
        await renderIndex(request.url, visitor, {
          bot: isBotUserAgent(request.headers['user-agent']),
          hostname: request.hostname,
          country:
            String(request.headers[countryHeader] ?? '')
              .trim()
              .toUpperCase() || null,
        }),
        nonce,
      );
      setHtmlSecurityHeaders(request, reply, nonce, cspSources, inlineStyleHashes(html));
      return reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(html);
    };

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
      return sendFailure(request, reply, status, error);
    });
  });

  return app;
}

const REMOTE_PATH = /^\/remotes\/([a-z][a-z0-9-]{0,63})\/([^/]+)\/(.+)$/;

/**
 * `/remotes/<name>/<version>/<file>` from the bucket, with the same headers as the folder store: the precompressed
 * sibling the client accepts (stored beside each file at publish), immutable caching, open CORS. A CDN in front of
 * the origin (or of the bucket) serves repeats; the origin only fills it.
 */
function serveRemotesFromBucket(site: FastifyInstance, store: RemoteStore): void {
  site.get('/remotes/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return sendBadUrl(reply);
    }
    const match = REMOTE_PATH.exec(decoded);
    const notFound = () => sendError(reply, 404, 'not_found', `Nothing at ${request.method} ${pathname}.`);
    if (!match || !hasNoDotSegment(decoded)) return notFound();
    const [, name, version, file] = match as unknown as [string, string, string, string];
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const candidates: { suffix: string; encoding?: string }[] = [];
    if (/\bbr\b/.test(accepts)) candidates.push({ suffix: '.br', encoding: 'br' });
    if (/\bgzip\b/.test(accepts)) candidates.push({ suffix: '.gz', encoding: 'gzip' });
    candidates.push({ suffix: '' });
    for (const candidate of candidates) {
      let body: Buffer | null;
      try {
        body = await store.readRemoteFile(name, version, file + candidate.suffix);
      } catch (error) {
        if ((error as { code?: string }).code === 'store_unavailable') {
          request.log.error(error);
          reply.header('retry-after', '1');
          return sendError(reply, 503, 'store_unavailable', 'The remote store is not reachable right now.');
        }
        return notFound();
      }
      if (!body) continue;
      reply
        .header('cache-control', IMMUTABLE)
        .header('vary', 'accept-encoding')
        .header('access-control-allow-origin', '*')
        .type(contentTypeOf(file));
      if (candidate.encoding) reply.header('content-encoding', candidate.encoding);
      return reply.send(body);
    }
    return notFound();
  });
}

function sendBadUrl(reply: FastifyReply): FastifyReply {
  return sendError(reply, 400, 'invalid_url', 'The path is not a valid URL (bad percent-encoding).', 'path');
}

function isApiPath(url: string): boolean {
  return url === '/api' || url === '/hubs' || url.startsWith('/api/') || url.startsWith('/hubs/');
}

function tooLarge(): Error & { statusCode: number } {
  return Object.assign(new Error(PAYLOAD_TOO_LARGE.message), { statusCode: 413 });
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
