import type { Config } from '../../../config';
import { createFileTransport } from './file';
import { createSendgridTransport } from './sendgrid';
import { createSesTransport } from './ses';
import type { MailTransports } from './types';

type TransportConfig = Pick<Config, 'dataDir'> &
  Partial<
    Pick<
      Config,
      | 'AWS_REGION'
      | 'AWS_SES_ACCESS_KEY_ID'
      | 'AWS_SES_SECRET_ACCESS_KEY'
      | 'AWS_SES_ENDPOINT'
      | 'SENDGRID_API_KEY'
      | 'SENDGRID_API_URL'
      | 'SES_CONFIGURATION_SET'
    >
  >;

/**
 * One transport per provider choice. A provider without keys is served by the file transport;
 * the worker records the transport that delivered in mail_messages.transport, so Email History
 * never claims SES or SendGrid sent a message that only went to a file.
 */
export function createTransports(config: TransportConfig): MailTransports {
  const file = createFileTransport(config.dataDir);
  const ses =
    config.AWS_SES_ACCESS_KEY_ID && config.AWS_SES_SECRET_ACCESS_KEY
      ? createSesTransport({
          region: config.AWS_REGION ?? 'us-east-1',
          accessKeyId: config.AWS_SES_ACCESS_KEY_ID,
          secretAccessKey: config.AWS_SES_SECRET_ACCESS_KEY,
          endpoint: config.AWS_SES_ENDPOINT,
          configurationSetName: config.SES_CONFIGURATION_SET,
        })
      : file;
  const sendgrid = config.SENDGRID_API_KEY
    ? createSendgridTransport({ apiKey: config.SENDGRID_API_KEY, baseUrl: config.SENDGRID_API_URL })
    : file;
  return { AWS: ses, Sendgrid: sendgrid };
}
