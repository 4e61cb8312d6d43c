import { type ActivityEntry, formatDateTimeZoned, type OrderDetail, statusLabel } from '@nzeta/domain';
import { useAppConfig } from '../../../lib/app-config';
import { Section } from './section';

const KIND_NAMES: Record<string, string> = {
  approval: 'approval',
  resend: 'approval (resent)',
  refund: 'refund confirmation',
  invoice: 'invoice',
};

/** One line per event, in the words a colleague would use. */
export function describeActivity(entry: ActivityEntry): string {
  const detail = entry.detail ?? {};
  switch (entry.action) {
    case 'status-changed': {
      const from = entry.from_value ? statusLabel(entry.from_value) : 'nothing';
      const reason = typeof detail.reason === 'string' ? ` (${detail.reason})` : '';
      const credit =
        detail.credit === 'given' && typeof detail.processedBy === 'string'
          ? `; processed by ${detail.processedBy}`
          : detail.credit === 'withdrawn'
            ? '; no longer counted as processed'
            : '';
      return `moved the order from ${from} to ${statusLabel(entry.to_value ?? '')}${reason}${credit}`;
    }
    case 'remark-added':
      return 'added a comment';
    case 'document-uploaded':
      return `uploaded the approved document${typeof detail.provider === 'string' ? ` (${detail.provider})` : ''}`;
    case 'mail-queued': {
      const kind = typeof detail.kind === 'string' ? (KIND_NAMES[detail.kind] ?? detail.kind) : '';
      const to = typeof detail.to === 'string' ? ` to ${detail.to}` : '';
      const fallback = typeof detail.fallbackOf === 'number' ? ' through the other provider' : '';
      return `queued the ${kind} e-mail${to}${fallback}`;
    }
    case 'mail-delivery-failed': {
      const states: Record<string, string> = {
        bounced: 'bounced',
        dropped: 'was dropped',
        complained: 'was marked as spam',
      };
      const state = typeof detail.state === 'string' ? (states[detail.state] ?? detail.state) : 'failed';
      const reason = typeof detail.reason === 'string' ? `: ${detail.reason}` : '';
      return `was told the approval e-mail ${state}${reason}`;
    }
    case 'transaction-details-saved':
      return `saved the transaction details${entry.to_value ? `: ${entry.to_value}` : ''}`;
    case 'assigned':
      return `assigned the order${entry.to_value ? ` to ${entry.to_value}` : ''}`;
    case 'unassigned':
      return `moved the order back to its original folder${entry.from_value ? ` (held by ${entry.from_value})` : ''}`;
    case 'refund-completed':
      return 'marked the refund as done';
    case 'personal-data-erased':
      return "erased the traveller's personal data";
    case 'order-created':
      return 'received the paid application';
    case 'identity-data-purged':
      return 'removed the identity data after the retention period';
    default:
      return entry.action.replace(/-/g, ' ');
  }
}

/**
 * Beyond the spec: who did what to the order, and when (newest first). A comment is already a
 * row of Comment History, so its "added a comment" entry is left out here.
 */
export function ActivityTimeline({ order }: { order: OrderDetail }) {
  const { businessTimeZone } = useAppConfig();
  const entries = order.activity.filter((entry) => entry.action !== 'remark-added');
  return (
    <Section id="activity" title="Activity">
      {entries.length === 0 ? (
        <p className="mb-0 text-muted">Nothing has happened to this order yet.</p>
      ) : (
        <ol className="activity-list">
          {entries.map((entry) => (
            <li key={entry.id} className={`activity-item activity-${entry.action}`}>
              <time dateTime={entry.create_ts}>{formatDateTimeZoned(entry.create_ts, businessTimeZone)}</time>
              <span>
                <strong>{entry.actor_name}</strong> {describeActivity(entry)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
