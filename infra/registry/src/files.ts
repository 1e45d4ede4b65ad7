import { createHash, randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Extensions worth compressing; images and fonts are already compressed, source maps are for devtools only. */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.json',
  '.html',
  '.svg',
  '.txt',
  '.xml',
  '.wasm',
]);
/** Below this a compressed copy saves less than a packet, so the server sends the original. */
const COMPRESS_MIN_BYTES = 1024;
const PRECOMPRESSED = ['.gz', '.br'];

/**
 * Writes `data` to `file` so that a reader sees either the old or the new content, never a mix:
 * temp file in the same folder, fsync, then rename (atomic on POSIX within one filesystem).
 */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, fsConstants.O_CREAT | fsConstants.O_WRONLY | fsConstants.O_EXCL, 0o644);
  try {
    await handle.writeFile(data, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Every regular file under `dir`, as sorted POSIX-style relative paths. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Files of a build, leaving out the `.gz`/`.br` siblings that publishing adds. */
export function sourceFiles(files: string[]): string[] {
  const all = new Set(files);
  return files.filter(
    (file) => !PRECOMPRESSED.some((ext) => file.endsWith(ext) && all.has(file.slice(0, -ext.length))),
  );
}

/** Digest and size of a build's content, the identity used to tell an identical republish from a conflict. */
export interface TreeDigest {
  digest: string;
  files: number;
  bytes: number;
}

/**
 * Hashes paths and contents. `builtAt` in `companion-remote.json` is ignored: it changes on every
 * rebuild while the code does not, and a deterministic rebuild of the same version must stay a no-op.
 */
export async function treeDigest(dir: string): Promise<TreeDigest> {
  const files = sourceFiles(await listFiles(dir));
  const tree = createHash('sha256');
  let bytes = 0;
  for (const file of files) {
    let content = await readFile(path.join(dir, file));
    bytes += content.length;
    if (file === 'companion-remote.json') content = Buffer.from(withoutBuiltAt(content));
    tree.update(`${file}\0${createHash('sha256').update(content).digest('hex')}\n`);
  }
  return { digest: tree.digest('hex'), files: files.length, bytes };
}

function withoutBuiltAt(content: Buffer): string {
  try {
    const { builtAt: _builtAt, ...rest } = JSON.parse(content.toString('utf8')) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return content.toString('utf8');
  }
}

/**
 * Writes `.gz` (level 9) and `.br` (quality 11) beside each compressible file. Done once at publish
 * because the files never change, so the server spends no CPU per request and sends the smallest bytes.
 */
export async function precompress(dir: string): Promise<void> {
  const files = sourceFiles(await listFiles(dir));
  const all = new Set(await listFiles(dir));
  await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.has(path.extname(file).toLowerCase()))
      .map(async (file) => {
        const full = path.join(dir, file);
        if ((await stat(full)).size < COMPRESS_MIN_BYTES) return;
        const content = await readFile(full);
        if (!all.has(`${file}.gz`)) await writeFile(`${full}.gz`, await gzipAsync(content, { level: 9 }));
        if (!all.has(`${file}.br`)) {
          const br = await brotliAsync(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          });
          await writeFile(`${full}.br`, br);
        }
      }),
  );
}

/** `sha384-<base64>` subresource-integrity string of some bytes. */
export function sriSha384(content: Buffer): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/** Whether a path exists (any type). */
export async function exists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
