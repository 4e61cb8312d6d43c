import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeName, DocumentNotFoundError, type DocumentStorage, streamToBuffer } from './document-storage';

export interface S3StorageOptions {
  bucket: string;
  endpoint?: string | undefined;
  region?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** key prefix inside the bucket */
  prefix?: string;
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * Documents in an S3-compatible bucket. A PUT becomes visible all at once, so no temp-file dance
 * is needed. Without keys the SDK's default credential chain applies (instance role).
 */
export function createS3Storage(options: S3StorageOptions): DocumentStorage {
  const client = new S3Client({
    region: options.region ?? 'us-east-1',
    ...(options.endpoint
      ? {
          endpoint: options.endpoint,
          // MinIO and most S3-compatible servers address buckets by path, not by host name.
          forcePathStyle: true,
          // Several S3-compatible servers reject the SDK's default CRC32 trailers; checksums are
          // sent only where the API requires them.
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const keyOf = (name: string) => {
    assertSafeName(name);
    return `${options.prefix ?? 'documents/'}${name}`;
  };

  return {
    kind: 's3',

    async put(name, content) {
      const key = keyOf(name);
      // Documents are at most 10 MB: buffering gives PutObject a known length and lets us hash
      // before upload, without the multipart machinery.
      const body = Buffer.isBuffer(content) ? content : await streamToBuffer(content);
      const sha256 = createHash('sha256').update(body).digest('hex');
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ContentLength: body.length,
          ContentType: CONTENT_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream',
          Metadata: { sha256 },
        }),
      );
      return { size: body.length, sha256 };
    },

    async get(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: keyOf(name) }));
        if (answer.Body instanceof Readable) return answer.Body;
        throw new Error('S3 answered without a readable body');
      } catch (error) {
        if (isMissing(error)) throw new DocumentNotFoundError(name);
        throw error;
      }
    },

    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: keyOf(name) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: keyOf(name) }));
    },

    async cleanTemporaryFiles() {
      return 0;
    },
  };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}
