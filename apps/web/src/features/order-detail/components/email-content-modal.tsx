import { Modal } from '../../../components/ui/modal';
import { useEmailContent } from '../api/get-email-content';

/** The approval e-mail as the customer receives it, and a WhatsApp message to the customer. */
export function EmailContentModal({ orderId, onClose }: { orderId: number; onClose(): void }) {
  const content = useEmailContent(orderId);
  const whatsappUrl = content.data?.whatsappUrl;
  return (
    <Modal
      title="Email Content"
      size="lg"
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="btn btn-outline-success"
            disabled={!whatsappUrl}
            title={whatsappUrl ? undefined : 'The order has no usable phone number'}
            onClick={() => whatsappUrl && window.open(whatsappUrl, '_blank', 'noopener,noreferrer')}
          >
            Send Whatsapp Message
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {content.isPending && <p role="status">Loading the e-mail…</p>}
      {content.isError && (
        <p className="text-danger" role="alert">
          {content.error.message}
        </p>
      )}
      {content.data && (
        <>
          <p className="email-subject">
            <span className="text-muted">Subject:</span> <strong>{content.data.subject}</strong>
          </p>
          {/* No scripts, no same-origin access: the preview cannot act on the page. */}
          <iframe className="email-preview" title="Approval e-mail preview" sandbox="" srcDoc={content.data.html} />
        </>
      )}
    </Modal>
  );
}
