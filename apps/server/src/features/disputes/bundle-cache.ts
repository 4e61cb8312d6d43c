import { createHash } from 'node:crypto';
import { DEFAULT_BUSINESS_TZ, type DisputeRecord, formatLongDate } from '@nzeta/domain';
import type { PdfRenderer } from '../../lib/pdf-renderer';
import type { OrderEvidence } from '../defence-packs';
import type { BundleOptions, RenderedBundle } from './render-evidence-bundle';

/** Bundles kept: the ones open in the chargeback panels of the moment. */
const KEPT = 32;
const bundles = new Map<string, Promise<RenderedBundle>>();

/**
 * The evidence bundle of these records, rendered once. Fitting it to the network's profile may
 * take up to four renders, and the chargeback panel asks for it on every open and every pushed
 * order change (for its summary), then again for the download: each version of the records is
 * rendered once and shared. The key is everything the PDF is drawn from (the evidence, the
 * dispute, the profile and the letter's date), so any change to them is a new version.
 */
export function renderBundleOnce(
  pdf: PdfRenderer,
  ev: OrderEvidence,
  dispute: DisputeRecord,
  options: BundleOptions,
): Promise<RenderedBundle> {
  const tz = options.timeZone ?? DEFAULT_BUSINESS_TZ;
  const key = createHash('sha256')
    .update(JSON.stringify([ev, dispute, options.profile, tz, formatLongDate(options.today, tz)]))
    .digest('base64url');
  const kept = bundles.get(key);
  if (kept) {
    // most recently used last: the oldest goes first
    bundles.delete(key);
    bundles.set(key, kept);
    return kept;
  }
  const rendered = pdf.render('evidenceBundle', ev, dispute, options);
  bundles.set(key, rendered);
  rendered.catch(() => bundles.delete(key));
  if (bundles.size > KEPT) bundles.delete(bundles.keys().next().value as string);
  return rendered;
}
