import type { Config } from '../../config';
import type { DocumentStorage } from './document-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

export { DocumentNotFoundError, type DocumentStorage, type StoredObject, streamToBuffer } from './document-storage';
export { createLocalStorage, type LocalDocumentStorage } from './local-storage';
export { createS3Storage, type S3StorageOptions } from './s3-storage';

type StorageConfig = Pick<Config, 'dataDir'> &
  Partial<Pick<Config, 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>>;

/**
 * The configured document storage: the S3-compatible bucket when S3_BUCKET is set, otherwise
 * `${DATA_DIR}/documents`. Call `cleanTemporaryFiles()` once at startup.
 */
export function createDocumentStorage(config: StorageConfig): DocumentStorage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalStorage(config.dataDir);
}
