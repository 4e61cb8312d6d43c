import { formatDateTimeZoned, formatUtcDate, type OrderDetail, orDash, statusLabel } from '@nzeta/domain';
import { useAppConfig } from '../../../lib/app-config';
import { DetailList } from './detail-list';
import { Section } from './section';

function money(amount: string | null, currency: string | null): string {
  return amount ? `${currency ?? ''} ${Number(amount).toFixed(2)}`.trim() : '-';
}

/** The order itself: id, application inbox, processing mode, and where it stands. */
export function OrderDetailsSection({ order }: { order: OrderDetail }) {
  const { businessTimeZone: tz } = useAppConfig();
  return (
    <Section id="order-details" title="Order Details">
      <DetailList
        items={[
          { label: 'Order ID', value: order.order_id },
          { label: 'Application e-mail', value: <span className="text-break">{order.application_email}</span> },
          {
            label: 'Processing mode',
            value: order.processing_date
              ? `${order.processing_mode} (process on ${formatUtcDate(order.processing_date)})`
              : order.processing_mode,
          },
          { label: 'Status', value: statusLabel(order.process_status, order.refund_date) },
          { label: 'Order date', value: formatDateTimeZoned(order.created_at, tz) },
          { label: 'Amount', value: money(order.amount, order.currency) },
          { label: 'Payment gateway', value: orDash(order.payment_gateway) },
          { label: 'Paid at', value: formatDateTimeZoned(order.paid_at, tz) },
          { label: 'Transaction ID', value: <span className="text-break">{orDash(order.transaction_id)}</span> },
          { label: 'Merchant name', value: orDash(order.merchant_name) },
          { label: 'Assigned to', value: orDash(order.assign_to) },
          { label: 'Processed by', value: orDash(order.processed_by) },
        ]}
      />
    </Section>
  );
}
