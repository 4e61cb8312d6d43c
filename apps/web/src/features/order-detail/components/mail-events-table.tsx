import { formatDateTimeZoned, type MailEventEntry } from '@nzeta/domain';
import { TableHead } from '../../../components/ui/table-head';
import { useAppConfig } from '../../../lib/app-config';

const EVENT_LABELS: Record<MailEventEntry['event'], string> = {
  processed: 'Accepted',
  delivered: 'Delivered',
  deferred: 'Deferred',
  bounce: 'Bounced',
  dropped: 'Dropped',
  spamreport: 'Marked as spam',
  open: 'Opened',
  click: 'Clicked',
};
const COLUMNS = ['Time', 'Event', 'Detail', 'Provider'];
const PROVIDER_LABELS: Record<string, string> = { sendgrid: 'SendGrid', ses: 'AWS SES' };

/** Every event the provider reported for one message, oldest first, as the provider timed them. */
export function MailEventsTable({ events }: { events: MailEventEntry[] }) {
  const { businessTimeZone } = useAppConfig();
  if (events.length === 0) return <p className="cell-note mb-0">The provider has reported no event yet.</p>;
  return (
    <table className="table table-sm mb-0 mail-events-table">
      <TableHead columns={COLUMNS} />
      <tbody>
        {events.map((event) => (
          <tr key={event.id}>
            <td>{formatDateTimeZoned(event.occurred_at, businessTimeZone)}</td>
            <td>
              {EVENT_LABELS[event.event] ?? event.event}
              {event.bounce_type && ` (${event.bounce_type})`}
            </td>
            <td className="text-break">{event.reason ?? event.url ?? ''}</td>
            <td>{PROVIDER_LABELS[event.provider] ?? event.provider}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
