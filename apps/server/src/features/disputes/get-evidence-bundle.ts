import type { Db } from '../../db/client';
import type { DrawnPdfs } from '../../lib/drawn-pdfs';
import type { PdfRenderer } from '../../lib/pdf-renderer';
import { loadOrderEvidence } from '../defence-packs';
import { renderBundleOnce } from './bundle-cache';
import { getBundleProfiles } from './bundle-profiles';
import { findDisputeRow, toDisputeRecord } from './dispute-record';
import type { RenderedBundle } from './render-evidence-bundle';

export interface EvidenceBundleRequest {
  orderId: number;
  timeZone: string;
  mailFrom: string;
  today?: Date;
}

/** GET /admin/orders/{orderId}/dispute/evidence.pdf (and its summary): this order's evidence in one file. */
export async function getEvidenceBundle(
  db: Db,
  pdf: PdfRenderer,
  drawn: DrawnPdfs,
  request: EvidenceBundleRequest,
): Promise<RenderedBundle> {
  const evidence = await loadOrderEvidence(db, request.orderId, { mailFrom: request.mailFrom });
  const [row, profiles] = await Promise.all([findDisputeRow(db, request.orderId), getBundleProfiles(db)]);
  const dispute = toDisputeRecord(row, evidence.order);
  return renderBundleOnce(pdf, drawn, evidence, dispute, {
    today: request.today ?? new Date(),
    timeZone: request.timeZone,
    profile: profiles[dispute.network],
  });
}
