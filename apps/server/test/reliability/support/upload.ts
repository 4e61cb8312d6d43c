import { randomBytes } from 'node:crypto';
import { request } from 'node:http';

/** A plain PDF of `bytes` bytes: header, random filler in comment lines, %%EOF. */
export function buildPdf(bytes: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n');
  const tail = Buffer.from('\n%%EOF\n');
  const fillerLength = bytes - head.length - tail.length;
  // base64url filler: no '<' and no '/', so nothing in it reads as markup or as a PDF name.
  const filler = Buffer.from(randomBytes(Math.ceil((fillerLength * 3) / 4)).toString('base64url'), 'latin1').subarray(
    0,
    fillerLength,
  );
  for (let i = 0; i < filler.length; i += 80) filler[i] = 0x25; // '%': every 80 bytes a comment line
  return Buffer.concat([head, filler, tail]);
}

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

export function buildMultipart(
  fields: Record<string, string>,
  file: MultipartFile,
): { body: Buffer; contentType: string } {
  const boundary = `----reliability${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface PostOutcome {
  status?: number;
  body?: string;
  error?: string;
  ms: number;
}

/** POSTs a body in 256 KB pieces, so a crash can land while it is still arriving. */
export function postStreamed(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
  timeoutMs = 60_000,
): Promise<PostOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(body.length), connection: 'close' },
      timeout: timeoutMs,
    });
    const done = (outcome: Omit<PostOutcome, 'ms'>) => resolve({ ...outcome, ms: performance.now() - started });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => done({ error: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => done({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    let offset = 0;
    const piece = 256 * 1024;
    const writeMore = () => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, offset + piece);
        offset += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', writeMore);
          return;
        }
      }
      req.end();
    };
    writeMore();
  });
}
