import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface CannedResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface CaptureServer {
  url: string;
  requests: CapturedRequest[];
  /** Changes how the server answers from the next request on. */
  respondWith(responder: (request: CapturedRequest) => CannedResponse): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for a mail provider's HTTP API (127.0.0.1, random port): the real SDKs talk
 * to it, and the test inspects what they sent.
 */
export async function startCaptureServer(
  responder: (request: CapturedRequest) => CannedResponse = () => ({ status: 200, body: {} }),
): Promise<CaptureServer> {
  let respond = responder;
  const requests: CapturedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const captured = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(captured);
      const answer = respond(captured);
      const body = answer.body === undefined ? '' : JSON.stringify(answer.body);
      res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    respondWith(next) {
      respond = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
