import { DEFAULT_BUSINESS_TZ, type DisputeRecord, formatLongDate } from '@nzeta/domain';
import type { DrawInputs, DrawnPdfs } from '../../lib/drawn-pdfs';
import type { PdfRenderer } from '../../lib/pdf-renderer';
import type { OrderEvidence } from '../defence-packs';
import type { BundleOptions, RenderedBundle } from './render-evidence-bundle';

/**
 * The evidence bundle of these records, rendered once. Fitting it to the network's profile may
 * take up to four renders, and the chargeback panel asks for it on every open and every pushed
 * order change (for its summary), then again for the download: each version of the records is
 * rendered once and shared (lib/drawn-pdfs.ts). The key is everything the PDF is drawn from (the
 * evidence, the dispute, the profile and the letter's date), so any change to them is a new version.
 */
export function renderBundleOnce(
  pdf: PdfRenderer,
  drawn: DrawnPdfs,
  ev: OrderEvidence,
  dispute: DisputeRecord,
  options: BundleOptions,
): Promise<RenderedBundle> {
  const tz = options.timeZone ?? DEFAULT_BUSINESS_TZ;
  const inputs: DrawInputs = ['evidenceBundle', ev, dispute, options.profile, tz, formatLongDate(options.today, tz)];
  return drawn.get(ev.order.orderId, inputs, () => pdf.render('evidenceBundle', ev, dispute, options));
}
