import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3ServiceException } from '@aws-sdk/client-s3';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import semver from 'semver';
import { RegistryError } from './errors.ts';
import { contentTypeOf } from './content-types.ts';
import { listFiles, precompress } from './files.ts';
import {
  BUILD_INFO,
  MANIFEST,
  assertRelativeFile,
  assertRemoteName,
  assertVersion,
  emptyRegistry,
  parseBuildInfo,
  parseRegistry,
} from './checks.ts';
import { entryOf, parseHistory, planFlip, planPublish, pointerMoves } from './remote-store.ts';
import type { Flip, RemoteStore } from './remote-store.ts';
import type { HistoryRecord, PublishResult, Registry, RegistryEntry } from './types.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** Parallel object requests of one publish or listing; S3 serves many, a small origin host should not open hundreds. */
const PARALLEL = 8;
/** Conditional-write retries of one pointer flip before giving up (each loser re-reads and decides again). */
const FLIP_ATTEMPTS = 20;

/** Where the store lives in a bucket, and how to reach it. */
export interface S3StoreConfig {
  bucket: string;
  /** Key prefix (`companion/` keeps the store beside other things); '' for the bucket root. */
  prefix?: string;
  /** Any S3-compatible endpoint (MinIO, Ceph RGW, R2, …); omitted: AWS S3 for `region`. */
  endpoint?: string | undefined;
  region?: string | undefined;
  /** Path-style URLs (`endpoint/bucket/key`), what most self-hosted servers want. */
  forcePathStyle?: boolean;
  /** Omitted: the SDK's default chain (AWS_ACCESS_KEY_ID…, shared config, instance or pod role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** An existing client (tests, or a caller that configures retries itself). */
  client?: S3Client;
}

/**
 * The remote store and registry on an S3-compatible bucket (ADR 0190). Keys mirror the folder store:
 * `<prefix>remotes/<name>/<version>/<file>` (immutable, with `.br`/`.gz` siblings), `<prefix>registry.json`,
 * and one object per history record under `<prefix>registry-history/` (objects cannot be appended to).
 */
export function openS3Store(config: S3StoreConfig): RemoteStore {
  const prefix = normalizePrefix(config.prefix ?? '');
  const client =
    config.client ??
    new S3Client({
      region: config.region ?? 'us-east-1',
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
      ...(config.credentials ? { credentials: config.credentials } : {}),
    });
  const bucket = config.bucket;
  const registryKey = `${prefix}registry.json`;
  const historyPrefix = `${prefix}registry-history/`;
  const versionPrefix = (name: string, version: string): string => `${prefix}remotes/${name}/${version}/`;

  async function send<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof RegistryError) throw error;
      throw new RegistryError(
        'store_unavailable',
        `${what} on s3://${bucket}/${prefix} failed: ${(error as Error).name}: ${(error as Error).message}`,
      );
    }
  }

  /** The object's bytes and ETag, or null when there is no such key. */
  async function getObject(key: string): Promise<{ body: Buffer; etag: string | undefined } | null> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const body = Buffer.from(await answer.Body!.transformToByteArray());
      return { body, etag: answer.ETag };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function headObject(key: string): Promise<Record<string, string> | null> {
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return answer.Metadata ?? {};
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function listKeys(keyPrefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: keyPrefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async function readRegistryWithTag(): Promise<{ registry: Registry; etag: string | undefined }> {
    const found = await getObject(registryKey);
    if (!found) return { registry: emptyRegistry(), etag: undefined };
    return {
      registry: parseRegistry(found.body.toString('utf8'), `s3://${bucket}/${registryKey}`),
      etag: found.etag,
    };
  }

  async function readRegistryText(): Promise<string> {
    return send('reading the registry', async () => {
      const found = await getObject(registryKey);
      return found ? found.body.toString('utf8') : JSON.stringify(emptyRegistry());
    });
  }

  async function readRegistry(): Promise<Registry> {
    return send('reading the registry', async () => (await readRegistryWithTag()).registry);
  }

  async function history(name?: string): Promise<HistoryRecord[]> {
    return send('reading the history', async () => {
      // Keys start with the record's ISO time, so key order is time order.
      const keys = (await listKeys(historyPrefix)).sort();
      const texts = await mapLimited(
        keys,
        async (key) => (await getObject(key))?.body.toString('utf8') ?? '',
      );
      return parseHistory(texts, name);
    });
  }

  async function versions(name: string): Promise<string[]> {
    assertRemoteName(name);
    return send('listing versions', async () => {
      const keys = await listKeys(`${prefix}remotes/${name}/`);
      const found = new Set<string>();
      // A version counts once its manifest is there: publish uploads the manifest last.
      for (const key of keys) {
        const rest = key.slice(`${prefix}remotes/${name}/`.length).split('/');
        if (rest.length === 2 && rest[1] === MANIFEST && semver.valid(rest[0]) === rest[0])
          found.add(rest[0]!);
      }
      return [...found].sort(semver.rcompare);
    });
  }

  async function readRemoteFile(name: string, version: string, file: string): Promise<Buffer | null> {
    assertRemoteName(name);
    assertVersion(version);
    assertRelativeFile(file);
    return send(
      'reading a stored file',
      async () => (await getObject(versionPrefix(name, version) + file))?.body ?? null,
    );
  }

  async function storedDigest(name: string, version: string): Promise<string | null> {
    assertRemoteName(name);
    assertVersion(version);
    return send('reading a stored version', async () => {
      const meta = await headObject(versionPrefix(name, version) + MANIFEST);
      return meta ? (meta['companion-digest'] ?? '') : null;
    });
  }

  async function publish(name: string, builtDir: string): Promise<PublishResult> {
    const build = await planPublish(name, builtDir, storedDigest);
    const base = versionPrefix(name, build.version);
    if ((await storedDigest(name, build.version)) !== null) return build.alreadyStored();
    // Precompress a private copy (the build folder stays as built), then upload it.
    const staging = await mkdtemp(path.join(tmpdir(), 'companion-publish-'));
    try {
      await cp(builtDir, staging, { recursive: true });
      await precompress(staging);
      const files = (await listFiles(staging)).filter((file) => file !== MANIFEST);
      await send('uploading a build', () =>
        mapLimited(files, async (file) => {
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: base + file,
              Body: await readFile(path.join(staging, file)),
              ...objectHeaders(file),
            }),
          );
        }),
      );
      // The manifest goes last and only if absent: until it lands the version does not exist for readers, and of
      // two publishers of the same version exactly one creates it (a server that honours If-None-Match).
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: base + MANIFEST,
            Body: await readFile(path.join(staging, MANIFEST)),
            IfNoneMatch: '*',
            Metadata: { 'companion-digest': build.digest },
            ...objectHeaders(MANIFEST),
          }),
        );
      } catch (error) {
        if (isPreconditionFailed(error)) return build.alreadyStored();
        throw error;
      }
    } catch (error) {
      if (error instanceof RegistryError) throw error;
      throw new RegistryError(
        'store_unavailable',
        `uploading ${name} ${build.version} failed: ${(error as Error).message}`,
      );
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
    return build.created;
  }

  async function entryFor(name: string, version: string): Promise<RegistryEntry> {
    const base = versionPrefix(name, version);
    const infoLocation = `s3://${bucket}/${base}${BUILD_INFO}`;
    return entryOf(
      name,
      version,
      {
        manifest: (await getObject(base + MANIFEST))?.body ?? null,
        info: async () =>
          parseBuildInfo((await getObject(base + BUILD_INFO))?.body.toString('utf8') ?? null, infoLocation),
        infoLocation,
        readFile: async (file) => (await getObject(base + file))?.body ?? null,
      },
      versions,
    );
  }

  const flip: Flip = async (move) => {
    assertRemoteName(move.name);
    return send('moving the registry pointer', async () => {
      for (let attempt = 1; ; attempt += 1) {
        const { registry, etag } = await readRegistryWithTag();
        const plan = await planFlip(registry, move, entryFor);
        if (!plan.write) return plan.result;
        const { record } = plan.write;
        try {
          // Compare-and-swap on the ETag read above: two flips at once cannot lose one another (no lock server).
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: registryKey,
              Body: `${JSON.stringify(plan.write.registry, null, 2)}\n`,
              ContentType: 'application/json; charset=utf-8',
              CacheControl: NO_CACHE,
              ...(etag ? { IfMatch: etag } : { IfNoneMatch: '*' }),
            }),
          );
        } catch (error) {
          if (isPreconditionFailed(error) && attempt < FLIP_ATTEMPTS) continue;
          throw error;
        }
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: `${historyPrefix}${record.at}-${randomBytes(4).toString('hex')}.json`,
            Body: JSON.stringify(record),
            ContentType: 'application/json',
          }),
        );
        return plan.result;
      }
    });
  };

  const { setLive, setLiveIfAbsent, rollback, setCanary } = pointerMoves(flip, history, versions);

  return {
    kind: 's3',
    location: `s3://${bucket}/${prefix}`,
    publish,
    setLive,
    setLiveIfAbsent,
    rollback,
    setCanary,
    readRegistry,
    history,
    versions,
    readRegistryText,
    readRemoteFile,
    storedDigest,
  };
}

function normalizePrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}

function isNotFound(error: unknown): boolean {
  const status = (error as S3ServiceException).$metadata?.httpStatusCode;
  return status === 404 || (error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound';
}

/** 412 (If-Match / If-None-Match lost) or 409 (a concurrent conditional write on the same key, AWS). */
function isPreconditionFailed(error: unknown): boolean {
  const status = (error as S3ServiceException).$metadata?.httpStatusCode;
  return status === 412 || status === 409;
}

/** Content type, encoding and caching of a stored file, so a CDN or a public bucket serves it as the origin would. */
export function objectHeaders(file: string): {
  ContentType: string;
  CacheControl: string;
  ContentEncoding?: string;
} {
  const encoding = file.endsWith('.br') ? 'br' : file.endsWith('.gz') ? 'gzip' : undefined;
  const original = encoding ? file.slice(0, -3) : file;
  return {
    ContentType: contentTypeOf(original),
    CacheControl: IMMUTABLE,
    ...(encoding ? { ContentEncoding: encoding } : {}),
  };
}

async function mapLimited<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return results;
}
