import { SESv2Client, SESv2ServiceException, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { buildMime } from './mime';
import { MailDeliveryError, type MailTransport } from './types';

export interface SesTransportOptions {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** AWS_SES_ENDPOINT: a local server in tests, or a VPC endpoint */
  endpoint?: string | undefined;
  /** SES_CONFIGURATION_SET: its event destination publishes delivery events to SNS */
  configurationSetName?: string | undefined;
}

// Rejections of this message itself; anything else (throttling, outages, a paused account) is
// worth retrying later.
const PERMANENT = new Set(['BadRequestException', 'MessageRejected']);

/**
 * AWS SES v2 with the raw MIME message (attachments need Content.Raw). SES has no idempotency
 * key: a delivery that succeeded but whose answer was lost is sent again on retry.
 */
export function createSesTransport(options: SesTransportOptions): MailTransport {
  const client = new SESv2Client({
    region: options.region,
    endpoint: options.endpoint,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The outbox owns retries (with backoff across restarts); SDK retries would multiply them.
    maxAttempts: 1,
  });
  return {
    name: 'ses',
    async send(message) {
      const raw = await buildMime(message);
      try {
        const answer = await client.send(
          new SendEmailCommand({
            FromEmailAddress: message.from,
            Destination: { ToAddresses: [message.to] },
            Content: { Raw: { Data: raw } },
            ...(options.configurationSetName ? { ConfigurationSetName: options.configurationSetName } : {}),
            // Tags come back in every published event: mail_id finds the message.
            ...(message.mailId !== undefined
              ? { EmailTags: [{ Name: 'mail_id', Value: String(message.mailId) }] }
              : {}),
          }),
        );
        return { providerMessageId: answer.MessageId ?? '' };
      } catch (error) {
        if (error instanceof SESv2ServiceException) {
          const status = error.$metadata.httpStatusCode;
          throw new MailDeliveryError(
            `SES ${status ?? ''} ${error.name}: ${error.message}`.trim(),
            PERMANENT.has(error.name),
            status,
          );
        }
        throw error;
      }
    },
  };
}
