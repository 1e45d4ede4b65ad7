import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import { createGzip, constants } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/**
 * A tiny gzip (level 6) static server with a history fallback, for the single-bundle baseline. With `api`, `/api/…`
 * is relayed to that origin so the baseline's explore shows the same cards as the federated page.
 */
export function serveStatic(root: string, port: number, api?: string): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (api && url.pathname.startsWith('/api/')) {
      const upstream = request(
        new URL(req.url ?? '/', api),
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(root, 'index.html');
    const ext = path.extname(file);
    res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    if (/gzip/.test(String(req.headers['accept-encoding'])) && ext !== '.woff2') {
      res.setHeader('Content-Encoding', 'gzip');
      createReadStream(file)
        .pipe(createGzip({ level: constants.Z_DEFAULT_COMPRESSION }))
        .pipe(res);
    } else createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
