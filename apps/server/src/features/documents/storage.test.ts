import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateStoredName } from './inspect-upload';
import { TEMP_PREFIX } from './local-storage';
import {
  createDocumentStorage,
  createLocalStorage,
  createS3Storage,
  DocumentNotFoundError,
  type LocalDocumentStorage,
  streamToBuffer,
} from './storage';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('local document storage', () => {
  let dataDir: string;
  let storage: LocalDocumentStorage;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'nzeta-docs-'));
    storage = createLocalStorage(dataDir);
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores a buffer and reads it back with its size and sha256', async () => {
    const content = Buffer.from('%PDF-1.4 approved document');
    const name = generateStoredName('pdf');
    const stored = await storage.put(name, content);
    expect(stored).toEqual({ size: content.length, sha256: sha256(content) });
    expect(await storage.exists(name)).toBe(true);
    expect(await streamToBuffer(await storage.get(name))).toEqual(content);
  });

  it('stores a stream chunk by chunk', async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.alloc(10_000, i));
    const name = generateStoredName('png');
    const stored = await storage.put(name, Readable.from(chunks));
    const all = Buffer.concat(chunks);
    expect(stored).toEqual({ size: all.length, sha256: sha256(all) });
    expect(sha256(await streamToBuffer(await storage.get(name)))).toBe(stored.sha256);
  });

  it('removes documents and reports missing ones', async () => {
    const name = generateStoredName('jpg');
    await storage.put(name, Buffer.from('x'));
    await storage.remove(name);
    await storage.remove(name);
    expect(await storage.exists(name)).toBe(false);
    await expect(storage.get(name)).rejects.toBeInstanceOf(DocumentNotFoundError);
  });

  it('refuses names that are not generated ones', async () => {
    for (const bad of ['../escape.pdf', 'a/b.pdf', `${TEMP_PREFIX}abcdefgh`, '', 'short.pdf']) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/Invalid document name/);
    }
  });

  it('leaves neither the document nor a temp file when the source stream fails midway', async () => {
    const name = generateStoredName('pdf');
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        setImmediate(() => this.destroy(new Error('client went away')));
      },
    });
    await expect(storage.put(name, failing)).rejects.toThrow('client went away');
    expect(await storage.exists(name)).toBe(false);
    expect(await readdir(storage.directory)).toEqual([]);
  });

  it('replaces a document atomically: readers see the old or the new content, never a mix', async () => {
    const name = generateStoredName('pdf');
    await storage.put(name, Buffer.from('old'));
    await storage.put(name, Buffer.from('new'));
    expect((await streamToBuffer(await storage.get(name))).toString()).toBe('new');
  });

  it('cleans temp files left by a crash and keeps stored documents', async () => {
    const name = generateStoredName('pdf');
    await storage.put(name, Buffer.from('keep me'));
    await writeFile(path.join(storage.directory, `${TEMP_PREFIX}deadbeef`), 'half written');
    await writeFile(path.join(storage.directory, `${TEMP_PREFIX}cafebabe`), '');
    expect(await storage.cleanTemporaryFiles()).toBe(2);
    expect(await readdir(storage.directory)).toEqual([name]);
  });
});

describe('S3-compatible document storage', () => {
  // A minimal path-style S3 endpoint: enough to check what the real SDK sends.
  const objects = new Map<string, { body: Buffer; type: string | undefined }>();
  let server: Server;
  let endpoint: string;

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const body = await streamToBuffer(req);
      const found = objects.get(key);
      if (req.method === 'PUT') {
        objects.set(key, { body, type: req.headers['content-type'] });
        res.writeHead(200, { ETag: `"${sha256(body).slice(0, 32)}"` }).end();
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else if (!found) {
        const xml = '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>';
        res.writeHead(404, { 'Content-Type': 'application/xml' }).end(req.method === 'HEAD' ? undefined : xml);
      } else {
        res.writeHead(200, { 'Content-Type': found.type ?? '', 'Content-Length': found.body.length });
        res.end(req.method === 'HEAD' ? undefined : found.body);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('is chosen when S3_BUCKET is set and round-trips through the bucket', async () => {
    const storage = createDocumentStorage({
      dataDir: '/nonexistent',
      S3_BUCKET: 'docs',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'ap-southeast-2',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
    });
    expect(storage.kind).toBe('s3');
    const name = generateStoredName('pdf');
    const content = Buffer.from('%PDF-1.7 in a bucket');
    const stored = await storage.put(name, Readable.from([content]));
    expect(stored.sha256).toBe(sha256(content));
    expect(objects.get(`/docs/documents/${name}`)?.type).toBe('application/pdf');
    expect(await storage.exists(name)).toBe(true);
    expect(await streamToBuffer(await storage.get(name))).toEqual(content);
    await storage.remove(name);
    expect(await storage.exists(name)).toBe(false);
    await expect(storage.get(name)).rejects.toBeInstanceOf(DocumentNotFoundError);
  });

  it('is not chosen without a bucket', () => {
    expect(createS3Storage({ bucket: 'x', endpoint }).kind).toBe('s3');
    expect(createDocumentStorage({ dataDir: tmpdir() }).kind).toBe('local');
  });
});
