import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** Upload limit for approved documents (DESIGN §5). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export const UNSUPPORTED_TYPE_MESSAGE = 'Only PDF, JPEG, PNG or WebP files are accepted.';
export const TOO_LARGE_MESSAGE = 'The file is larger than 10 MB.';
export const UNREADABLE_IMAGE_MESSAGE = 'The image could not be read.';

const ACCEPTED = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const;

export type DocumentExtension = keyof typeof ACCEPTED;
export type DocumentMime = (typeof ACCEPTED)[DocumentExtension];
export interface DocumentType {
  ext: DocumentExtension;
  mime: DocumentMime;
}
export type InspectResult = ({ ok: true } & DocumentType) | { ok: false; message: string };
export type PreparedUpload = ({ ok: true; content: Buffer } & DocumentType) | { ok: false; message: string };

// Browsers sniff the first bytes for markup; a PDF that also parses as HTML or SVG is refused.
const MARKUP = /<(?:!doctype|html|head|body|script|svg|iframe|object|embed)\b/i;
// A decompression bomb stays below 10 MB on disk but would need gigabytes as pixels.
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Identifies an upload by its content (magic bytes), never by its name. Only PDF, JPEG, PNG and
 * WebP pass; SVG, HTML, scripts and PDFs carrying markup up front are refused.
 */
export async function inspectUpload(buffer: Buffer): Promise<InspectResult> {
  if (buffer.length > MAX_DOCUMENT_BYTES) return { ok: false, message: TOO_LARGE_MESSAGE };
  const detected = await fileTypeFromBuffer(buffer);
  if (!detected || !(detected.ext in ACCEPTED)) return { ok: false, message: UNSUPPORTED_TYPE_MESSAGE };
  const ext = detected.ext as DocumentExtension;
  if (ext === 'pdf' && !looksLikePlainPdf(buffer)) return { ok: false, message: UNSUPPORTED_TYPE_MESSAGE };
  return { ok: true, ext, mime: ACCEPTED[ext] };
}

/**
 * `inspectUpload`, then images are re-encoded in their own format: EXIF (GPS, camera), ICC and
 * anything appended after the image data are dropped. PDFs are kept byte for byte.
 */
export async function prepareUpload(buffer: Buffer): Promise<PreparedUpload> {
  const inspected = await inspectUpload(buffer);
  if (!inspected.ok) return inspected;
  if (inspected.ext === 'pdf') return { ...inspected, content: buffer };
  try {
    return { ...inspected, content: await reencodeImage(buffer, inspected.ext) };
  } catch {
    return { ok: false, message: UNREADABLE_IMAGE_MESSAGE };
  }
}

/** Decodes and encodes the image again; sharp writes no metadata unless asked to. */
export async function reencodeImage(buffer: Buffer, ext: Exclude<DocumentExtension, 'pdf'>): Promise<Buffer> {
  // rotate() applies the EXIF orientation first, so dropping EXIF does not turn the picture.
  const image = sharp(buffer, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  if (ext === 'jpg') return image.jpeg({ quality: 90 }).toBuffer();
  if (ext === 'png') return image.png().toBuffer();
  return image.webp({ quality: 90 }).toBuffer();
}

/** A random, unguessable storage name (128 bits, base64url) with the detected extension. */
export function generateStoredName(ext: DocumentExtension): string {
  return `${randomBytes(16).toString('base64url')}.${ext}`;
}

// Active content a viewer may run: scripts, launch actions, embedded files, XFA forms that post
// data. A travel document has none. /OpenAction and /AA alone are kept: tools use them to set the
// first view, and an action runs code only through /JavaScript or /Launch. Names may be written
// with #xx escapes (/J#61vaScript); streams compressed into object streams are not opened.
const ACTIVE_CONTENT = /\/(?:JavaScript|JS|Launch|RichMedia|EmbeddedFiles?|XFA|SubmitForm|ImportData)\b/;

function hasActiveContent(buffer: Buffer): boolean {
  const text = buffer
    .toString('latin1')
    .replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return ACTIVE_CONTENT.test(text);
}

function looksLikePlainPdf(buffer: Buffer): boolean {
  if (buffer.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  if (hasActiveContent(buffer)) return false;
  if (MARKUP.test(buffer.subarray(0, 1024).toString('latin1'))) return false;
  // A PDF ends with %%EOF; content after it is how many polyglots smuggle a second format.
  return /%%EOF\s*$/.test(buffer.subarray(-2048).toString('latin1'));
}
