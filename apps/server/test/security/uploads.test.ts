import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertOrder } from '../../src/db/factories';
import { documents } from '../../src/db/schema';
import { createDocumentStorage, streamToBuffer } from '../../src/features/documents/storage';
import { multipart } from '../../src/features/order-detail/testing/multipart';
import { samplePdf } from '../../src/features/order-detail/testing/sample-files';
import { visitorToken } from '../../src/features/visitor/visitor-test-helpers';
import { webDist } from '../../src/plugins/web-app';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './support';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.reset();
  token = (await t.signInAs('Team')).token;
});

const documentsDir = () => path.join(t.config.dataDir, 'documents');
const storedFiles = async () => (await readdir(documentsDir()).catch(() => [] as string[])).sort();

async function upload(content: Buffer, filename: string, contentType: string) {
  const order = await insertOrder(t.database.db, { processStatus: 'New' });
  const form = multipart(
    { orderId: String(order.orderId), email: 'applicant@example.com', mailServiceProvider: 'AWS' },
    { field: 'uploadVisaDoc', filename, contentType, content },
  );
  const answer = await t.call({
    method: 'POST',
    url: '/api/admin/upload-visa-document',
    token,
    payload: form.payload,
    headers: form.headers,
  });
  return { answer, orderId: order.orderId, email: order.email ?? '' };
}

const jpeg = (options: { exif?: string } = {}) => {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: '#1f4e79' } }).jpeg();
  return options.exif
    ? image.withExif({ IFD0: { Copyright: options.exif, Artist: options.exif } }).toBuffer()
    : image.toBuffer();
};

describe('the upload allow-list (magic bytes, not names)', () => {
  it('refuses scripts, markup, SVG, GIF and PDF polyglots whatever they are called, storing nothing', async () => {
    const pdf = await samplePdf();
    const refusals: Array<[string, Buffer, string, string]> = [
      ['shell script named .pdf', Buffer.from('#!/bin/sh\nrm -rf /\n'), 'a.pdf', 'application/pdf'],
      ['HTML named .jpg', Buffer.from('<!doctype html><script>alert(1)</script>'), 'a.jpg', 'image/jpeg'],
      [
        'SVG with script named .png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'a.png',
        'image/png',
      ],
      ['GIF', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'), 'a.gif', 'image/gif'],
      [
        'PDF header followed by HTML',
        Buffer.from('%PDF-1.4\n<html><body><script>alert(document.domain)</script></body></html>\n%%EOF\n'),
        'a.pdf',
        'application/pdf',
      ],
      [
        'PDF with a ZIP after %%EOF',
        Buffer.concat([pdf, Buffer.from('PK\x03\x04zip-payload')]),
        'a.pdf',
        'application/pdf',
      ],
      [
        'empty-looking JPEG (header only)',
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]),
        'a.jpg',
        'image/jpeg',
      ],
    ];
    const before = await storedFiles();
    let refused = 0;
    for (const [label, content, filename, type] of refusals) {
      const { answer } = await upload(content, filename, type);
      expect(answer.statusCode, label).toBe(400);
      refused += 1;
    }
    expect(await storedFiles()).toEqual(before);
    expect(await t.database.db.select().from(documents)).toEqual([]);
    report(`dangerous uploads refused: ${refused}/${refusals.length}`);
  });

  it('answers 413 above 10 MB and leaves nothing on disk', async () => {
    const before = await storedFiles();
    const huge = Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const { answer } = await upload(huge, 'big.jpg', 'image/jpeg');
    expect(answer.statusCode).toBe(413);
    expect(await storedFiles()).toEqual(before);
    expect(await t.database.db.select().from(documents)).toEqual([]);
  });

  it('re-encodes images: EXIF and anything appended (a ZIP after the JPEG) are gone', async () => {
    const original = Buffer.concat([await jpeg({ exif: 'EXIF-SENTINEL-GPS' }), Buffer.from('PK\x03\x04hidden.zip')]);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { answer, orderId } = await upload(original, 'photo.jpg', 'image/jpeg');
    expect(answer.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.orderId, orderId));
    const stored = await streamToBuffer(await createDocumentStorage(t.config).get(row?.file1 ?? ''));
    expect(stored.includes('EXIF-SENTINEL-GPS')).toBe(false);
    expect(stored.includes('PK\x03\x04')).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect((await sharp(stored).metadata()).format).toBe('jpeg');
  });
});

describe('stored documents', () => {
  // The data folder's layout; with documents in a bucket (npm run test:s3) there is no such folder.
  it.skipIf(!!process.env.TEST_S3_ENDPOINT)(
    'get random names, live outside any public folder and are reachable through the API only',
    async () => {
      const names = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const { answer } = await upload(await samplePdf(`document ${i}`), 'passport scan.pdf', 'application/pdf');
        names.add(answer.json().data.file1);
      }
      expect(names.size).toBe(3);
      for (const name of names) {
        expect(name).toMatch(/^[A-Za-z0-9_-]{22}\.pdf$/);
        expect(name).not.toContain('passport');
      }
      const rows = await t.database.db.select().from(documents);
      const directory = path.resolve(documentsDir());
      expect(directory.startsWith(path.resolve(webDist))).toBe(false);
      const onDisk = await storedFiles();
      for (const name of names) expect(onDisk).toContain(name);
      expect(onDisk.some((name) => name.startsWith('.tmp-'))).toBe(false);

      const [first] = rows;
      const file1 = first?.file1 ?? '';
      const publicGuesses = [
        `/${file1}`,
        `/uploads/${file1}`,
        `/uploads/orders_docs/${first?.orderId}/${file1}`,
        `/documents/${file1}`,
        `/api/uploads/${file1}`,
        `/api/front/documents/${file1}`,
        `/api/admin/documents/${first?.orderId}/${file1}`,
        `/assets/../../../${path.relative(webDist, path.join(directory, file1))}`,
      ];
      for (const url of publicGuesses) {
        const answer = await t.call({ method: 'GET', url });
        expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(answer.body.startsWith('%PDF'), url).toBe(false);
      }
    },
  );

  it('are served to staff and visitors only as attachments that are never sniffed', async () => {
    const { answer, orderId, email } = await upload(await samplePdf(), 'a.pdf', 'application/pdf');
    const file1 = answer.json().data.file1 as string;
    const staff = await t.call({ method: 'GET', url: `/api/admin/documents/${orderId}/${file1}`, token });
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-disposition']).toMatch(/^attachment; filename="NZeTA-\d+\.pdf"$/);
    expect(staff.headers['x-content-type-options']).toBe('nosniff');
    expect(staff.headers['content-type']).toBe('application/pdf');
    expect(staff.headers['cache-control']).toBe('no-store');

    const visitor = await visitorToken(t, orderId, email);
    const link = await t.call({
      method: 'POST',
      url: '/api/front/download-passport-doc-pdf',
      headers: { authorization: visitor },
      payload: { orderId: String(orderId), customername: 'customer', file1 },
    });
    const file = await t.call({ method: 'GET', url: link.json().data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-type']).toBe('application/pdf');
  });
});
