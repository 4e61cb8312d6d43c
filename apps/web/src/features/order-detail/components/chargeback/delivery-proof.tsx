import { type ChargebackEvidence, formatDateTimeZoned, orDash } from '@nzeta/domain';
import { useAppConfig } from '../../../../lib/app-config';

/** Transaction details and the proof the document reached the customer. */
export function DeliveryProof({ evidence }: { evidence: ChargebackEvidence }) {
  const { businessTimeZone: tz } = useAppConfig();
  const { transaction, delivery } = evidence;
  const { approval, document, downloads } = delivery;
  return (
    <div className="chargeback-block">
      <h3 className="chargeback-heading">Transaction</h3>
      <dl className="chargeback-facts">
        <dt>Transaction id</dt>
        <dd>{orDash(transaction.transactionId)}</dd>
        <dt>Merchant</dt>
        <dd>{orDash(transaction.merchantName)}</dd>
        <dt>Gateway</dt>
        <dd>{orDash(transaction.paymentGateway)}</dd>
        <dt>Amount</dt>
        <dd>{transaction.amount ? `${transaction.currency ?? ''} ${transaction.amount}` : '-'}</dd>
        <dt>Paid</dt>
        <dd>{formatDateTimeZoned(transaction.paidAt, tz)}</dd>
      </dl>
      <h3 className="chargeback-heading">Delivery proof</h3>
      <dl className="chargeback-facts">
        <dt>Document</dt>
        <dd>
          {document ? (
            <>
              {orDash(document.name)} · {document.size.toLocaleString('en-US')} bytes
              <span className="d-block small text-body-secondary text-break">SHA-256 {document.sha256}</span>
            </>
          ) : (
            'No document uploaded'
          )}
        </dd>
        <dt>Approval e-mail</dt>
        <dd>
          {approval ? (
            <>
              to {approval.to}, {approval.state}
              {approval.deliveryState ? `, ${approval.deliveryState} (provider)` : ''} ·{' '}
              {formatDateTimeZoned(approval.sentAt, tz)}
              {approval.events.length > 0 && (
                <span className="d-block small text-body-secondary">
                  Events: {approval.events.map((e) => `${e.event} ${formatDateTimeZoned(e.occurredAt, tz)}`).join('; ')}
                </span>
              )}
            </>
          ) : (
            'Not sent'
          )}
        </dd>
        <dt>Downloads</dt>
        <dd>
          {downloads.count === 0
            ? 'None'
            : `${downloads.count.toLocaleString('en-US')} · first ${formatDateTimeZoned(downloads.first, tz)} · last ${formatDateTimeZoned(downloads.last, tz)}`}
          {downloads.lastDevice && <span className="d-block small text-body-secondary">{downloads.lastDevice}</span>}
        </dd>
      </dl>
    </div>
  );
}
