import { type OrderDetail, statusLabel } from '@nzeta/domain';
import { Icon } from '../../../components/ui/icon';

/** Page title with the order id, its status and mode, and a Refresh button. */
export function OrderHeader({
  order,
  isRefreshing,
  onRefresh,
}: {
  order: OrderDetail;
  isRefreshing: boolean;
  onRefresh(): void;
}) {
  const name = [order.first_name, order.last_name].filter(Boolean).join(' ');
  return (
    <div className="page-header order-header">
      <div>
        <h1>
          Order {order.order_id}
          {name && <span className="order-header-name">{name}</span>}
        </h1>
        <div className="order-header-meta">
          <span className={`status-pill status-${order.process_status.replace(/\s+/g, '-').toLowerCase()}`}>
            {statusLabel(order.process_status, order.refund_date)}
          </span>
          <span className="text-muted">{order.processing_mode} processing</span>
          {order.erased_at && <span className="badge text-bg-secondary">Personal data erased</span>}
        </div>
      </div>
      <button type="button" className="btn btn-outline-primary" onClick={onRefresh} disabled={isRefreshing}>
        <Icon name="refresh" size={16} /> {isRefreshing ? 'Refreshing…' : 'Refresh'}
      </button>
    </div>
  );
}
