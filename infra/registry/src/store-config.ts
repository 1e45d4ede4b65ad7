import { RegistryError } from './errors.ts';
import { openS3Store } from './s3-store.ts';
import { openStore } from './store.ts';
import type { RemoteStore } from './remote-store.ts';

/**
 * The store the environment asks for (ADR 0190): `REMOTE_STORE=s3` puts the remote store, the registry and its
 * history in a bucket (`S3_BUCKET`, optional `S3_PREFIX`, `S3_ENDPOINT`, `S3_REGION`, `S3_FORCE_PATH_STYLE`;
 * credentials from the AWS SDK's default chain); unset or `folder`, the local data folder (the default).
 */
export function openConfiguredStore(env: NodeJS.ProcessEnv, dataDir: string): RemoteStore {
  const kind = env['REMOTE_STORE'] ?? 'folder';
  if (kind === 'folder' || kind === '') return openStore(dataDir);
  if (kind !== 's3') {
    throw new RegistryError('store_unavailable', `REMOTE_STORE must be 'folder' or 's3', not '${kind}'.`);
  }
  const bucket = env['S3_BUCKET'];
  if (!bucket) throw new RegistryError('store_unavailable', 'REMOTE_STORE=s3 needs S3_BUCKET.');
  const pathStyle = env['S3_FORCE_PATH_STYLE'];
  return openS3Store({
    bucket,
    prefix: env['S3_PREFIX'] ?? '',
    endpoint: env['S3_ENDPOINT'] || undefined,
    region: env['S3_REGION'] || env['AWS_REGION'] || undefined,
    ...(pathStyle === undefined ? {} : { forcePathStyle: pathStyle === '1' || pathStyle === 'true' }),
  });
}
