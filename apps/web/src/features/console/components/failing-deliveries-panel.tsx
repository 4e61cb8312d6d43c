import { formatDateTimeZoned } from '@nzeta/domain/format';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { DashboardPanelProps } from './dashboard-panels';

/** E-mails to customers that failed or bounced in the last seven days: each needs a person. */
export function FailingDeliveriesPanel({ data, timeZone }: DashboardPanelProps) {
  const failing = data?.failingDeliveries;
  return (
    <section className="card-panel dashboard-panel" aria-labelledby="failing-title">
      <header className="dashboard-panel-head">
        <h2 id="failing-title">Deliveries failing</h2>
        <span className={`count-pill${failing?.count ? ' is-alert' : ''}`} data-testid="failing-count">
          {failing ? failing.count.toLocaleString() : '…'}
        </span>
      </header>
      <p className="text-muted small mb-2">Failed or bounced in the last 7 days</p>
      {failing && failing.recent.length === 0 && <p className="text-muted mb-0">All recent e-mails were delivered.</p>}
      <ul className="failing-list">
        {failing?.recent.map((mail) => (
          <li key={mail.mailId}>
            <div className="failing-main">
              {mail.orderId ? (
                <Link to={paths.admin.viewOrder(mail.orderId)}>Order {mail.orderId}</Link>
              ) : (
                <span>No order</span>
              )}
              <span className="failing-state">{mail.state}</span>
            </div>
            <div className="failing-detail text-muted small">
              {mail.toAddress} · {formatDateTimeZoned(mail.at, timeZone)}
              {mail.reason && <div className="failing-reason">{mail.reason}</div>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
