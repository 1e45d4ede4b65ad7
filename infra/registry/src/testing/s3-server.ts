import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/** A throwaway S3-compatible server for tests: s3rver (npm) on a free loopback port, one empty bucket. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  client: S3Client;
  close(): Promise<void>;
}

/**
 * Starts s3rver with a fresh bucket, or answers null (with the reason on stderr) when it cannot start, so the
 * suite is reported as skipped, never passed. See ADR 0190 for what s3rver does not cover.
 */
export async function startTestS3(bucket = 'companion-test'): Promise<TestS3 | null> {
  let dir: string | undefined;
  try {
    const { default: S3rver } = await import('s3rver');
    dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    const folder = dir;
    return {
      endpoint,
      bucket,
      credentials,
      client,
      close: async () => {
        client.destroy();
        await server.close();
        await rm(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    process.stderr.write(`S3 tests skipped: s3rver did not start (${(error as Error).message})\n`);
    if (dir) await rm(dir, { recursive: true, force: true });
    return null;
  }
}
