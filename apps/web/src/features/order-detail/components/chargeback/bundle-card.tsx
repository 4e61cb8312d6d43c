import type { BundleSummary } from '@nzeta/domain';
import { saveFile } from '../../../../lib/save-file';
import { useApiMutation } from '../../../../lib/use-api-mutation';
import { getEvidenceBundle } from '../../api/dispute';
import { getDefencePackPdf } from '../../api/get-defence-pack';

const kb = (bytes: number) => `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 0 })} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/** The bundle's size and pages against the network's limits, what was shortened, and the downloads. */
export function BundleCard({ orderId, summary }: { orderId: number; summary: BundleSummary }) {
  // A refused file is toasted; the file itself is the success.
  const bundle = useApiMutation({
    request: () => getEvidenceBundle(orderId),
    toast: 'errors',
    onSuccess: (blob) => saveFile(blob, `chargeback-evidence-${orderId}.pdf`),
  });
  const pack = useApiMutation({
    request: (defencePackType: 1 | 2) => getDefencePackPdf({ orderId, defencePackType }),
    toast: 'errors',
    onSuccess: (blob, type) => saveFile(blob, `defence-pack-${type}-${orderId}.pdf`),
  });
  return (
    <div className="chargeback-block" data-testid="bundle-card">
      <h3 className="chargeback-heading">Evidence bundle</h3>
      <p className="mb-1" data-testid="bundle-size">
        {summary.pages} pages · {kb(summary.bytes)} — {summary.network} accepts up to {summary.profile.maxPages} pages
        and {mb(summary.profile.maxBytes)}{' '}
        <span className={`badge ${summary.fits ? 'text-bg-success' : 'text-bg-danger'}`}>
          {summary.fits ? 'within limits' : 'over the limit'}
        </span>
      </p>
      {summary.shortened.length > 0 ? (
        <div className="small text-body-secondary">
          Shortened to fit:
          <ul className="mb-1">
            {summary.shortened.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="small text-body-secondary mb-1">Nothing was shortened.</p>
      )}
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={bundle.isPending}
          onClick={() => bundle.mutate()}
        >
          {bundle.isPending ? 'Preparing…' : 'Download evidence bundle'}
        </button>
        {([1, 2] as const).map((type) => (
          <button
            key={type}
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={pack.isPending}
            onClick={() => pack.mutate(type)}
          >
            Download pack {type}
          </button>
        ))}
      </div>
    </div>
  );
}
