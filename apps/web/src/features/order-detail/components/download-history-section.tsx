import { displayIp, formatDateTimeZoned, type OrderDetail, orDash } from '@nzeta/domain';
import { useAppConfig } from '../../../lib/app-config';
import { useResendMail } from '../api/resend-mail';
import { DetailTable } from './detail-table';
import { Section } from './section';

const COLUMNS = ['#', 'Order ID', 'Date & Time', 'Downloaded File', 'IP Address', 'Location'];

/** The customer's downloads of the document (SPEC §2.13); 'Sent Mail' e-mails it again. */
export function DownloadHistorySection({ order }: { order: OrderDetail }) {
  const { businessTimeZone } = useAppConfig();
  const resend = useResendMail();
  const sendMail = async () => {
    if (!order.email) return;
    await resend.mutateAsync({ orderId: order.order_id, email: order.email, mailServiceProvider: 'AWS' });
  };
  const canSend = !!order.email && order.uploadDoc.length > 0;

  return (
    <Section
      id="download-history"
      title="Download History"
      actions={
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          onClick={sendMail}
          disabled={!canSend || resend.isPending}
          title={canSend ? `E-mail the document again to ${order.email}` : 'No document has been uploaded yet'}
        >
          {resend.isPending ? 'Sending…' : 'Sent Mail'}
        </button>
      }
    >
      <DetailTable columns={COLUMNS} isEmpty={order.downloadHistory.length === 0}>
        {order.downloadHistory.map((row, index) => (
          <tr key={row.id}>
            <td>{index + 1}</td>
            <td>{row.order_id}</td>
            <td>{formatDateTimeZoned(row.create_ts, businessTimeZone)}</td>
            <td className="text-break">{orDash(row.file1)}</td>
            <td>{displayIp(row.ip)}</td>
            <td>{orDash(row.timezone)}</td>
          </tr>
        ))}
      </DetailTable>
    </Section>
  );
}
