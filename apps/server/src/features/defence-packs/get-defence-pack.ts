import { type DefencePackDetails, formatLongDate } from '@nzeta/domain';
import type { DbOrTx } from '../../db/client';
import type { DrawInputs, DrawnPdfs } from '../../lib/drawn-pdfs';
import type { PdfRenderer } from '../../lib/pdf-renderer';
import {
  customerMails,
  downloadRows,
  downloadSummary,
  mailRows,
  mailSummary,
  otherAddressNote,
  summarise,
} from './evidence-rows';
import { loadOrderEvidence } from './order-evidence';
import {
  DEFAULT_LIMITS,
  letterFacts,
  letterParagraphs,
  NO_COMPLAINT_STATEMENT,
  PACK_ENCLOSURES,
  REFUND_ON_RECORD,
} from './render-defence-pack';

export { DEFENCE_STATUS_MESSAGE } from './order-evidence';

export interface DefencePackRequest {
  orderId: number;
  pack: 1 | 2;
  timeZone: string;
  /** MAIL_FROM: the sender the approval e-mail went out from */
  mailFrom: string;
  today?: Date;
}

/**
 * The defence pack as a PDF (POST /admin/get-defence-pack-pdf): the evidence is read here, the
 * PDF drawn by the renderer (a worker thread), so the event loop keeps serving meanwhile. A letter
 * already drawn from the same evidence on the same day is handed out again (`drawn`).
 */
export async function getDefencePackPdf(
  db: DbOrTx,
  pdf: PdfRenderer,
  drawn: DrawnPdfs,
  request: DefencePackRequest,
): Promise<Buffer> {
  const evidence = await loadOrderEvidence(db, request.orderId, { mailFrom: request.mailFrom });
  const today = request.today ?? new Date();
  const timeZone = request.timeZone;
  // The letter shows the day alone (formatLongDate): what it is drawn from, as its key.
  const inputs: DrawInputs = ['defencePack', request.pack, formatLongDate(today, timeZone), timeZone, evidence];
  return drawn.get(request.orderId, inputs, () =>
    pdf.render('defencePack', evidence, request.pack, { today, timeZone }),
  );
}

/** The same letter as data, for the modal preview (POST /admin/defence-pack-details). */
export async function getDefencePackDetails(db: DbOrTx, request: DefencePackRequest): Promise<DefencePackDetails> {
  const ev = await loadOrderEvidence(db, request.orderId, { mailFrom: request.mailFrom });
  const tz = request.timeZone;
  const { order, company } = ev;
  const mails = customerMails(ev);
  const history =
    request.pack === 1
      ? {
          historyTitle: 'Download History of the delivered document',
          historyColumns: ['#', 'Date & Time', 'IP', 'Browser', 'OS', 'Device', 'Type', 'Time zone'],
          ...summarise(downloadRows(ev.downloads, tz), DEFAULT_LIMITS.rows, () => downloadSummary(ev.downloads, tz)),
          note: null,
        }
      : {
          historyTitle: "Email History to the customer's address",
          historyColumns: ['#', 'Date & Time', 'Type', 'Recipient', 'Attachment', 'Provider', 'Delivery'],
          ...summarise(mailRows(mails, tz), DEFAULT_LIMITS.rows, () => mailSummary(mails, tz)),
          note: otherAddressNote(ev),
        };
  return {
    packType: request.pack,
    title: `Defence Pack ${request.pack}`,
    company: company.company,
    date: formatLongDate(request.today ?? new Date(), tz),
    orderId: order.orderId,
    merchantName: order.merchantName,
    transactionId: order.transactionId,
    facts: letterFacts(ev, tz),
    statement: ev.hasRefundRequest ? REFUND_ON_RECORD : NO_COMPLAINT_STATEMENT,
    paragraphs: letterParagraphs(ev, tz),
    enclosures: [...PACK_ENCLOSURES[request.pack]],
    closing: [
      'Yours faithfully,',
      company.company.name,
      `Customer Service · ${company.support.phone} · ${company.support.email}`,
    ],
    historyTitle: history.historyTitle,
    historyColumns: history.historyColumns,
    historyRows: history.rows,
    historySummary: history.summary,
    historyNote: history.note,
  };
}
