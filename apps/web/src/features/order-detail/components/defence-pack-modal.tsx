import { Modal } from '../../../components/ui/modal';
import { type PackType, useDefencePackDetails, useDefencePackPdf } from '../api/get-defence-pack';
import { DefencePackLetter } from './defence-pack-letter';

/**
 * Opens a window at once, while the click still counts as the user's (a window opened after the
 * PDF arrives would be blocked as a pop-up), then points it at the PDF.
 */
function openPdfWindow(): Window | null {
  const target = window.open('', '_blank');
  if (!target) return null;
  target.opener = null;
  target.document.title = 'Preparing the PDF…';
  target.document.body.textContent = 'Preparing the PDF…';
  return target;
}

/** The letter to the merchant as a preview, ending with 'Print Defence Pack N' (SPEC §2.13). */
export function DefencePackModal({ orderId, pack, onClose }: { orderId: number; pack: PackType; onClose(): void }) {
  const details = useDefencePackDetails(orderId, pack);
  const pdf = useDefencePackPdf();

  const print = async () => {
    const target = openPdfWindow();
    try {
      const blob = await pdf.mutateAsync({ orderId, defencePackType: pack });
      const url = URL.createObjectURL(blob);
      if (target) target.location.href = url;
      else window.location.assign(url);
      // The window has loaded the PDF long before; the URL is released later.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      // The mutation has toasted the refusal.
      target?.close();
    }
  };

  return (
    <Modal
      title={`Defence Pack ${pack}`}
      size="xl"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            Close
          </button>
          <button type="button" className="btn btn-primary" onClick={print} disabled={pdf.isPending || !details.data}>
            {pdf.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {pdf.isPending ? 'Preparing the PDF…' : `Print Defence Pack ${pack}`}
          </button>
        </>
      }
    >
      {details.isPending && <p role="status">Preparing the letter…</p>}
      {details.isError && (
        <p className="text-danger" role="alert">
          {details.error.message}
        </p>
      )}
      {details.data && <DefencePackLetter letter={details.data} />}
    </Modal>
  );
}
