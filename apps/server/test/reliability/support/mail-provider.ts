import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProviderDecision = 'accept' | 'hold';

export interface ProviderEvent {
  key: string;
  provider: 'sendgrid' | 'ses';
  /** requests received so far, this one included */
  count: number;
}

export interface MailProviderStandIn {
  url: string;
  /** idempotency key of every request received, in order */
  received: string[];
  /** idempotency key of every request answered with success (what a customer would receive) */
  accepted: string[];
  /** decides each request: answer it, or hold it open and never answer */
  decide: (event: ProviderEvent) => ProviderDecision;
  onReceived: ((event: ProviderEvent) => void) | undefined;
  /** called once the success answer has been written to the socket */
  onAccepted: ((event: ProviderEvent) => void) | undefined;
  /** answer delay between these bounds (ms), so parallel deliveries finish at different times */
  minLatencyMs: number;
  maxLatencyMs: number;
  /** drops held requests (their senders are dead) */
  releaseHeld(): void;
  close(): Promise<void>;
}

const SES_KEY = /^X-Idempotency-Key: *(.+)$/im;

/** The outbox row's idempotency key: SendGrid gets it as a header, SES inside the raw MIME. */
function keyOf(req: IncomingMessage, body: Buffer): { key: string; provider: 'sendgrid' | 'ses' } {
  if (req.url?.startsWith('/v3/mail/send'))
    return { key: String(req.headers['idempotency-key'] ?? '?'), provider: 'sendgrid' };
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { Content?: { Raw?: { Data?: string } } };
    const mime = Buffer.from(parsed.Content?.Raw?.Data ?? '', 'base64').toString('utf8');
    return { key: SES_KEY.exec(mime)?.[1]?.trim() ?? '?', provider: 'ses' };
  } catch {
    return { key: '?', provider: 'ses' };
  }
}

/**
 * A local stand-in for SendGrid (`POST /v3/mail/send`) and SES v2 (`POST
 * /v2/email/outbound-emails`): the server's real SDKs talk to it (SENDGRID_API_URL,
 * AWS_SES_ENDPOINT) and the test decides, request by request, whether the provider accepts.
 */
export async function startMailProvider(): Promise<MailProviderStandIn> {
  const held = new Set<ServerResponse>();
  let messageNumber = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { key, provider } = keyOf(req, Buffer.concat(chunks));
      stand.received.push(key);
      const event = { key, provider, count: stand.received.length };
      stand.onReceived?.(event);
      if (stand.decide(event) === 'hold') {
        held.add(res);
        return;
      }
      const answer = () => {
        messageNumber += 1;
        res.once('finish', () => {
          stand.accepted.push(key);
          stand.onAccepted?.(event);
        });
        if (provider === 'sendgrid') {
          res.writeHead(202, { 'X-Message-Id': `sg-${messageNumber}` }).end();
        } else {
          res
            .writeHead(200, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ MessageId: `ses-${messageNumber}` }));
        }
      };
      const spread = Math.max(0, stand.maxLatencyMs - stand.minLatencyMs);
      const latency = stand.minLatencyMs + Math.floor(Math.random() * spread);
      if (latency > 0) setTimeout(answer, latency);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stand: MailProviderStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: [],
    accepted: [],
    decide: () => 'accept',
    onReceived: undefined,
    onAccepted: undefined,
    minLatencyMs: 0,
    maxLatencyMs: 0,
    releaseHeld() {
      for (const res of held) res.destroy();
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        stand.releaseHeld();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return stand;
}

/** Server environment that sends both providers' mail to the stand-in. */
export function providerEnv(url: string): Record<string, string> {
  return {
    SENDGRID_API_KEY: 'SG.reliability-test',
    SENDGRID_API_URL: url,
    AWS_REGION: 'us-east-1',
    AWS_SES_ACCESS_KEY_ID: 'AKIARELIABILITYTEST',
    AWS_SES_SECRET_ACCESS_KEY: 'reliability-test-secret',
    AWS_SES_ENDPOINT: url,
  };
}

/** Per key, how many times the provider accepted it. */
export function acceptedCounts(accepted: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of accepted) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}
