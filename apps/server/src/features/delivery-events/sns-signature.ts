import { type KeyObject, verify, X509Certificate } from 'node:crypto';
import type { SnsEnvelope } from '@nzeta/domain';

/** Fetches a text resource (a signing certificate, a SubscribeURL); injectable so tests stay offline. */
export type FetchText = (url: string) => Promise<string>;

/** The region of an SNS topic ARN: arn:aws:sns:<region>:<account>:<name>. */
export function regionOfTopic(topicArn: string): string | undefined {
  return /^arn:aws[\w-]*:sns:([\w-]+):\d{12}:[\w-]+$/.exec(topicArn)?.[1];
}

/**
 * Whether a URL SNS gave us points at SNS itself in the topic's region: https, the host
 * sns.<region>.amazonaws.com (amazonaws.com.cn in China), no port or credentials. Anything else
 * is refused before it is fetched: a forged message must not make the server fetch its URLs.
 */
export function isSnsUrl(value: string, region: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const hosts = [`sns.${region}.amazonaws.com`, `sns.${region}.amazonaws.com.cn`];
  return url.protocol === 'https:' && hosts.includes(url.hostname) && !url.port && !url.username && !url.password;
}

/** The bytes SNS signs: fixed keys in a fixed order, each "Key\nValue\n" (docs: "Verifying the signatures of Amazon SNS messages"). */
export function stringToSign(message: SnsEnvelope): string {
  const keys =
    message.Type === 'Notification'
      ? (['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const)
      : (['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const);
  const fields = message as unknown as Record<string, string | undefined>;
  return keys
    .filter((key) => fields[key] !== undefined)
    .map((key) => `${key}\n${fields[key]}\n`)
    .join('');
}

const MAX_CACHED = 20;

/**
 * Verifies SNS message signatures (versions 1 and 2). Signing certificates are fetched once per
 * URL and kept; a fetch that failed is forgotten so the next message tries again.
 */
export function createSnsVerifier(fetchText: FetchText) {
  const certificates = new Map<string, Promise<KeyObject>>();

  function certificateKey(url: string): Promise<KeyObject> {
    let key = certificates.get(url);
    if (!key) {
      if (certificates.size >= MAX_CACHED) certificates.delete(certificates.keys().next().value as string);
      key = fetchText(url).then((pem) => {
        const certificate = new X509Certificate(pem);
        if (Date.parse(certificate.validTo) < Date.now()) throw new Error('SNS signing certificate has expired');
        return certificate.publicKey;
      });
      key.catch(() => certificates.delete(url));
      certificates.set(url, key);
    }
    return key;
  }

  return async function verifySnsMessage(message: SnsEnvelope, region: string): Promise<boolean> {
    if (!isSnsUrl(message.SigningCertURL, region) || !new URL(message.SigningCertURL).pathname.endsWith('.pem')) {
      return false;
    }
    try {
      const key = await certificateKey(message.SigningCertURL);
      const algorithm = message.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256';
      return verify(
        algorithm,
        Buffer.from(stringToSign(message), 'utf8'),
        key,
        Buffer.from(message.Signature, 'base64'),
      );
    } catch {
      return false;
    }
  };
}

export type SnsVerifier = ReturnType<typeof createSnsVerifier>;

/** The default fetcher: https only, 5 s, at most 64 KB (a certificate or a confirmation answer). */
export const fetchTextOverHttps: FetchText = async (url) => {
  if (!url.startsWith('https://')) throw new Error('https only');
  const answer = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' });
  if (!answer.ok) throw new Error(`GET ${new URL(url).host} answered ${answer.status}`);
  const text = await answer.text();
  if (text.length > 64 * 1024) throw new Error('answer too large');
  return text;
};
