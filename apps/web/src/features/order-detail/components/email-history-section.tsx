import { formatDateTimeZoned, type MailHistoryEntry, type OrderDetail } from '@nzeta/domain';
import { Fragment } from 'react';
import { useAppConfig } from '../../../lib/app-config';
import { useExpandedRows } from '../hooks/use-expanded-rows';
import { DetailTable } from './detail-table';
import { DocumentDownloadButton } from './document-download-button';
import { canFallBack, FallbackButton } from './fallback-button';
import { MailDeliveryState } from './mail-delivery-state';
import { MailEventsTable } from './mail-events-table';
import { ResendMailForm } from './resend-mail-form';
import { Section } from './section';

const KIND_LABELS: Record<string, string> = {
  approval: 'Approval',
  resend: 'Resend',
  refund: 'Refund confirmation',
  invoice: 'Invoice',
};
const COLUMNS = ['#', 'Order ID', 'Download', 'Date & Time', 'Mail Provider', 'State', 'Delivery', 'Events'];

/**
 * Every e-mail of the order with its sending state and the latest delivery state the provider
 * reported (SPEC §2.13, DESIGN §5); newest first. Events shows the provider's full report.
 */
export function EmailHistorySection({ order }: { order: OrderDetail }) {
  const { businessTimeZone } = useAppConfig();
  const { isExpanded, toggle } = useExpandedRows();
  return (
    <Section id="email-history" title="Email History">
      <DetailTable columns={COLUMNS} isEmpty={order.mailHistory.length === 0}>
        {order.mailHistory.map((mail, index) => {
          const isOpen = isExpanded(mail.id);
          return (
            <Fragment key={mail.id}>
              <tr data-mail-id={mail.id}>
                <td>{index + 1}</td>
                <td>{mail.order_id}</td>
                <td>
                  {mail.uploadDoc.file1 ? (
                    <DocumentDownloadButton orderId={mail.order_id} file1={mail.uploadDoc.file1} label="Download" />
                  ) : (
                    '-'
                  )}
                </td>
                <td>
                  {formatDateTimeZoned(mail.create_ts, businessTimeZone)}
                  <div className="cell-note">
                    {KIND_LABELS[mail.kind] ?? mail.kind} to {mail.to_address}
                    {mail.fallback_of !== null && ' (through the other provider)'}
                  </div>
                </td>
                <td>{mail.uploadDoc.mail_service_provider}</td>
                <td>
                  <MailState mail={mail} />
                  {canFallBack(mail, order) && <FallbackButton mail={mail} order={order} />}
                </td>
                <td>
                  <MailDeliveryState mail={mail} />
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0"
                    aria-expanded={isOpen}
                    aria-controls={`mail-events-${mail.id}`}
                    onClick={() => toggle(mail.id)}
                  >
                    {isOpen ? 'Hide' : `Events (${mail.events.length})`}
                  </button>
                </td>
              </tr>
              {isOpen && (
                <tr id={`mail-events-${mail.id}`} className="mail-events-row">
                  <td colSpan={COLUMNS.length}>
                    <MailEventsTable events={mail.events} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </DetailTable>
      <ResendMailForm order={order} />
    </Section>
  );
}

const STATE_LABELS: Record<MailHistoryEntry['state'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

function MailState({ mail }: { mail: MailHistoryEntry }) {
  const isRetrying = mail.state === 'queued' && mail.attempts > 0;
  return (
    <div className="mail-state">
      <span className={`mail-state-badge mail-state-${mail.state}`}>
        {isRetrying ? `Retrying (attempt ${mail.attempts})` : STATE_LABELS[mail.state]}
      </span>
      {mail.state === 'sent' && mail.transport === 'file' && (
        <div className="cell-note">Saved as a file: no provider keys are set</div>
      )}
      {mail.last_error && mail.state !== 'sent' && <div className="mail-error">{mail.last_error}</div>}
    </div>
  );
}
