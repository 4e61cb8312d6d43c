// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import { createPrivateKey, sign, webcrypto } from 'node:crypto';
import type { SnsEnvelope } from '@nzeta/domain';
import * as x509 from '@peculiar/x509';
import { stringToSign } from '../sns-signature';

export type SnsFields = Omit<SnsEnvelope, 'Signature' | 'SignatureVersion' | 'SigningCertURL'>;

/**
 * A locally generated signing certificate standing in for SNS's, and a fetcher that serves it
 * (and records every other URL asked for) so no test touches the network.
 */
export async function createSnsSigner(region: string) {
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const algorithm = {
    name: 'RSASSA-PKCS1-v1_5',
    hash: 'SHA-256',
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength: 2048,
  };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=sns.amazonaws.com',
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 86_400_000),
    keys,
    signingAlgorithm: algorithm,
  });
  const pem = certificate.toString('pem');
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  const certUrl = `https://sns.${region}.amazonaws.com/SimpleNotificationService-0000000000000000000000.pem`;
  const fetched: string[] = [];
  return {
    certUrl,
    fetched,
    async fetchText(url: string): Promise<string> {
      fetched.push(url);
      if (url.endsWith('.pem')) return pem;
      return '<ConfirmSubscriptionResponse/>';
    },
    /** The envelope as SNS posts it, signed (version 2 unless asked) with the local certificate. */
    sign(fields: SnsFields, options: { version?: '1' | '2'; certUrl?: string } = {}): SnsEnvelope {
      const version = options.version ?? '2';
      const envelope = {
        ...fields,
        SignatureVersion: version,
        SigningCertURL: options.certUrl ?? certUrl,
      } as SnsEnvelope;
      const signature = sign(
        version === '1' ? 'RSA-SHA1' : 'RSA-SHA256',
        Buffer.from(stringToSign(envelope)),
        privateKey,
      );
      return { ...envelope, Signature: signature.toString('base64') };
    },
  };
}
