import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks signatures against them. */
export const S3RVER_KEY = 'S3RVER';

export interface S3Server {
  endpoint: string;
  port: number;
  /** the S3_* variables of an instance using `bucket` */
  envFor(bucket: string): Record<string, string>;
  createBucket(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** An S3-compatible server (s3rver, objects in a temporary folder) on 127.0.0.1. */
export async function startS3Server(port = 0): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'nzeta-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, vhostBuckets: false });
  const address = await server.run().catch(async (error: unknown) => {
    await rm(directory, { recursive: true, force: true });
    throw error;
  });
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });
  return {
    endpoint,
    port: address.port,
    envFor: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    }),
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    async stop() {
      client.destroy();
      await server.close().catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
