import { type DeliveryState, formatDateTimeZoned, type MailHistoryEntry } from '@nzeta/domain';
import { useAppConfig } from '../../../lib/app-config';

const DELIVERY_LABELS: Record<DeliveryState, string> = {
  deferred: 'Deferred',
  delivered: 'Delivered',
  bounced: 'Bounced',
  dropped: 'Dropped',
  complained: 'Marked as spam',
};

/** What the provider last reported about the message: state, time, reason, first open and click. */
export function MailDeliveryState({ mail }: { mail: MailHistoryEntry }) {
  const { businessTimeZone } = useAppConfig();
  if (!mail.delivery_state) {
    return <span className="cell-note">{mail.state === 'sent' ? 'No report yet' : '-'}</span>;
  }
  return (
    <div className="mail-delivery">
      <span className={`delivery-badge delivery-${mail.delivery_state}`}>{DELIVERY_LABELS[mail.delivery_state]}</span>
      <div className="cell-note">{formatDateTimeZoned(mail.delivery_state_at, businessTimeZone)}</div>
      {mail.delivery_reason && mail.delivery_state !== 'delivered' && (
        <div className="mail-error">{mail.delivery_reason}</div>
      )}
      {mail.opened_at && (
        <div className="cell-note">Opened {formatDateTimeZoned(mail.opened_at, businessTimeZone)}</div>
      )}
      {mail.clicked_at && (
        <div className="cell-note">Clicked {formatDateTimeZoned(mail.clicked_at, businessTimeZone)}</div>
      )}
    </div>
  );
}
