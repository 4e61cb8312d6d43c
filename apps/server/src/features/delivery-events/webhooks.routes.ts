import { contracts, sendgridBatch, snsEnvelope } from '@nzeta/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error';
import { contractSchema, pathBelow } from '../../lib/contract-schema';
import { normaliseSendgridEvents } from './normalise-sendgrid';
import { normaliseSesEvent } from './normalise-ses';
import { recordDeliveryEvents } from './record-delivery-events';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySendgridSignature } from './sendgrid-signature';
import { createSnsVerifier, type FetchText, fetchTextOverHttps, isSnsUrl, regionOfTopic } from './sns-signature';

export const INVALID_SIGNATURE = 'Invalid signature.';
const { publicContracts } = contracts;
/** SendGrid batches up to a few thousand events; SNS messages are at most 256 KB. */
const SENDGRID_BODY_LIMIT = 5 * 1024 * 1024;
const SNS_BODY_LIMIT = 512 * 1024;
/** Per address: far above what a provider sends, low enough to blunt a flood of forgeries. */
const webhookRateLimit = { max: 600, timeWindow: '1 minute' };

export interface WebhookRoutesOptions {
  /** fetches SNS signing certificates and SubscribeURLs; tests pass a local stand-in */
  fetchText?: FetchText | undefined;
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Delivery events from the mail providers, mounted at /api/webhooks. No staff token: a valid
 * signature over the raw body is the credential, and nothing is stored without one (403).
 */
export async function webhooksRoutes(app: FastifyInstance, options: WebhookRoutesOptions): Promise<void> {
  const { config } = app.ctx;
  const fetchText = options.fetchText ?? fetchTextOverHttps;
  const verifySns = createSnsVerifier(fetchText);

  // Signatures cover the exact bytes sent: the body is kept as text (SNS posts text/plain).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const refuse = (request: FastifyRequest, reply: FastifyReply, why: string) => {
    request.log.warn({ url: request.url, why }, 'webhook refused');
    return reply.code(403).send({ status: 0, message: INVALID_SIGNATURE, code: 'INVALID_SIGNATURE' });
  };

  app.post(
    pathBelow(publicContracts.sendgridWebhook, '/webhooks'),
    {
      bodyLimit: SENDGRID_BODY_LIMIT,
      config: { rateLimit: webhookRateLimit },
      schema: contractSchema(publicContracts.sendgridWebhook, ['webhooks']),
    },
    async (request, reply) => {
      const payload = typeof request.body === 'string' ? request.body : '';
      const isSigned = verifySendgridSignature({
        publicKey: config.SENDGRID_WEBHOOK_PUBLIC_KEY,
        signature: header(request, SIGNATURE_HEADER),
        timestamp: header(request, TIMESTAMP_HEADER),
        payload,
      });
      if (!isSigned) return refuse(request, reply, 'sendgrid signature');
      const batch = sendgridBatch.safeParse(parseJson(payload));
      if (!batch.success) throw badRequest('Invalid event batch.');
      const result = await recordDeliveryEvents(app, normaliseSendgridEvents(batch.data));
      return { status: 1, message: 'Events received.', data: result };
    },
  );

  app.post(
    pathBelow(publicContracts.sesWebhook, '/webhooks'),
    {
      bodyLimit: SNS_BODY_LIMIT,
      config: { rateLimit: webhookRateLimit },
      schema: contractSchema(publicContracts.sesWebhook, ['webhooks']),
    },
    async (request, reply) => {
      const payload = typeof request.body === 'string' ? request.body : '';
      const topic = config.SES_SNS_TOPIC_ARN;
      const region = topic ? regionOfTopic(topic) : undefined;
      const envelope = snsEnvelope.safeParse(parseJson(payload));
      if (!topic || !region || !envelope.success) return refuse(request, reply, 'sns message');
      const message = envelope.data;
      // Only the configured topic, and only once its signature checks out.
      if (message.TopicArn !== topic) return refuse(request, reply, 'sns topic');
      if (!(await verifySns(message, region))) return refuse(request, reply, 'sns signature');
      if (message.Type === 'SubscriptionConfirmation') {
        if (!isSnsUrl(message.SubscribeURL, region)) return refuse(request, reply, 'sns subscribe url');
        await fetchText(message.SubscribeURL).catch((error: unknown) => {
          request.log.error({ err: error }, 'SNS subscription confirmation failed');
          throw new AppError('The subscription could not be confirmed.', 502);
        });
        request.log.info({ topic }, 'SNS subscription confirmed');
        return { status: 1, message: 'Subscription confirmed.' };
      }
      if (message.Type === 'UnsubscribeConfirmation') return { status: 1, message: 'Noted.' };
      const result = await recordDeliveryEvents(
        app,
        normaliseSesEvent(message.Message, message.MessageId, message.Timestamp),
      );
      return { status: 1, message: 'Events received.', data: result };
    },
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
