import type { MailHistoryEntry, OrderDetail } from '@nzeta/domain';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useResendViaFallback } from '../api/resend-mail';
import { useComplaintConfirmation } from './use-complaint-confirmation';

const OTHER_PROVIDER: Record<string, string> = { AWS: 'Sendgrid', Sendgrid: 'AWS' };

/** A document e-mail refused outright or dropped, not yet re-sent: another provider may deliver it. */
export function canFallBack(mail: MailHistoryEntry, order: OrderDetail): boolean {
  const isDocumentMail = mail.kind === 'approval' || mail.kind === 'resend';
  const isRefused = mail.state === 'failed' || mail.delivery_state === 'dropped';
  return isDocumentMail && isRefused && !order.mailHistory.some((other) => other.fallback_of === mail.id);
}

/** One click: the same e-mail through the other provider, recorded as its fallback. */
export function FallbackButton({ mail, order }: { mail: MailHistoryEntry; order: OrderDetail }) {
  const fallback = useResendViaFallback();
  const complaint = useComplaintConfirmation();
  const other = OTHER_PROVIDER[mail.uploadDoc.mail_service_provider] ?? 'the other provider';
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm mt-1"
        disabled={fallback.isPending}
        onClick={() =>
          complaint.attempt((confirmComplained) =>
            fallback.mutateAsync({ orderId: order.order_id, mailId: mail.id, confirmComplained }),
          )
        }
      >
        Re-send via {other}
      </button>
      <ConfirmDialog {...complaint.dialog} isBusy={fallback.isPending} />
    </>
  );
}
