// Local stand-ins for the SendGrid and SES APIs for the browser tests: the real SDKs send to
// them, nothing leaves the machine. Also the P-256 key pair of the signed Event Webhook: the
// public key goes to the server, the private key to a file the specs sign events with.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the specs find the webhook's private key (one file per port). */
export const signerFile = (port) => path.join(tmpdir(), `nzeta-e2e-${port}-webhook-signer.json`);

export async function startProviderStandIns(port) {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/v3/mail/send')) {
        res.writeHead(202, { 'x-message-id': `sg${randomUUID().replaceAll('-', '')}` }).end();
      } else if (req.url?.startsWith('/v2/email/outbound-emails')) {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ MessageId: `ses-${randomUUID()}` }));
      } else {
        res.writeHead(404).end();
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  writeFileSync(signerFile(port), JSON.stringify({ privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }) }), {
    mode: 0o600,
  });
  return {
    server,
    env: {
      SENDGRID_API_KEY: 'SG.e2e-stand-in',
      SENDGRID_API_URL: url,
      SENDGRID_WEBHOOK_PUBLIC_KEY: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    },
  };
}
