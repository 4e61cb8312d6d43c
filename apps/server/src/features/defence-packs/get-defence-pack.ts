import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  canPrepareDefence,
  type DefencePackDetails,
  displayIp,
  formatDate,
  formatDateTime,
  orDash,
} from '@nzeta/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { downloadHistory, mailMessages, orders } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import { getCompanySettings } from '../mail/company-settings';
import { applicantNameOf } from '../mail/templates';
import { getEvidenceImages } from './evidence-images';
import { formatMoney } from './pdf-layout';
import { type DefencePackInput, NO_COMPLAINT_STATEMENT, renderDefencePack } from './render-defence-pack';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEFENCE_STATUS_MESSAGE =
  'Defence packs can be prepared only for Completed, Customer Called or ChargeBack orders.';

export interface DefencePackRequest {
  orderId: number;
  pack: 1 | 2;
  timeZone: string;
  today?: Date;
}

/**
 * Everything a defence pack shows, read in a fixed number of queries: the order, when its
 * document was delivered, the history of the pack (downloads for 1, e-mails for 2), the company
 * block and the evidence images. Refused for orders that are not in a dispute status.
 */
export async function loadDefencePack(db: DbOrTx, request: DefencePackRequest): Promise<DefencePackInput> {
  const { orderId } = request;
  const [order] = await db.select().from(orders).where(eq(orders.orderId, orderId)).limit(1);
  if (!order) throw new AppError('Order not found.', 404);
  if (!canPrepareDefence(order.processStatus)) throw badRequest(DEFENCE_STATUS_MESSAGE);

  const [delivered, company, evidence] = await Promise.all([
    db
      .select({ sentAt: mailMessages.sentAt })
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.orderId, orderId),
          inArray(mailMessages.kind, ['approval', 'resend']),
          eq(mailMessages.state, 'sent'),
          isNotNull(mailMessages.sentAt),
        ),
      )
      .orderBy(asc(mailMessages.sentAt))
      .limit(1),
    getCompanySettings(db),
    getEvidenceImages(db),
  ]);
  const common = {
    order: { ...order, documentDeliveredAt: delivered[0]?.sentAt ?? null },
    company,
    today: request.today ?? new Date(),
    timeZone: request.timeZone,
    evidence,
  };
  if (request.pack === 1) {
    const history = await db
      .select()
      .from(downloadHistory)
      .where(eq(downloadHistory.orderId, orderId))
      .orderBy(desc(downloadHistory.createdAt), desc(downloadHistory.id));
    return { ...common, pack: 1, history };
  }
  const history = await db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.orderId, orderId))
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id));
  return { ...common, pack: 2, history };
}

/** The defence pack as a PDF (POST /admin/get-defence-pack-pdf). */
export async function getDefencePackPdf(db: DbOrTx, request: DefencePackRequest): Promise<Buffer> {
  return renderDefencePack(await loadDefencePack(db, request));
}

/** The same letter as data, for the modal preview (POST /admin/defence-pack-details). */
export async function getDefencePackDetails(db: DbOrTx, request: DefencePackRequest): Promise<DefencePackDetails> {
  const input = await loadDefencePack(db, request);
  const { order, company } = input;
  const tz = request.timeZone;
  const applicant = applicantNameOf(order);
  const transaction = orDash(order.transactionId);
  const delivered = formatDateTime(order.documentDeliveredAt, tz);
  const amount = formatMoney(order.amount, order.currency);
  const enclosureB =
    input.pack === 1
      ? 'Enclosure B lists every download of the document from our order-tracking page, with its date, time, IP address and device.'
      : 'Enclosure B lists every e-mail we sent to the customer for this order and the provider that accepted it for delivery.';
  const history =
    input.pack === 1
      ? {
          historyTitle: 'Download History of the delivered document',
          historyColumns: ['#', 'Date & Time (EST)', 'IP', 'Browser', 'OS', 'Location'],
          historyRows: input.history.map((h, i) => [
            String(i + 1),
            formatDateTime(h.createdAt, tz),
            displayIp(h.ip),
            orDash([h.browser, h.browserVersion].filter(Boolean).join(' ')),
            orDash(h.os),
            orDash(h.timezone),
          ]),
        }
      : {
          historyTitle: 'Email History of the order',
          historyColumns: ['#', 'Date & Time', 'Provider', 'Recipient', 'State'],
          historyRows: input.history.map((h, i) => [
            String(i + 1),
            formatDateTime(h.sentAt ?? h.createdAt, tz),
            h.provider,
            h.toAddress,
            h.state.charAt(0).toUpperCase() + h.state.slice(1),
          ]),
        };
  return {
    packType: input.pack,
    title: `Defence Pack ${input.pack}`,
    company: company.company,
    date: dayjs(input.today).tz(tz).format('D MMMM YYYY'),
    orderId: order.orderId,
    merchantName: order.merchantName,
    transactionId: order.transactionId,
    facts: [
      ['Order ID', String(order.orderId)],
      ['Transaction ID', transaction],
      ['Applicant', applicant],
      ['E-mail', orDash(order.email)],
      ['Order date', formatDateTime(order.createdAt, tz)],
      ['Amount', amount],
      ['Payment gateway', orDash(order.paymentGateway)],
      ['Document delivered', delivered],
    ],
    statement: NO_COMPLAINT_STATEMENT,
    paragraphs: [
      `We write about the disputed card transaction ${transaction} for order ${order.orderId}. ${applicant} applied for ` +
        `our ${company.productTitle} service on ${formatDate(order.createdAt, tz)} and paid ${amount}. We processed ` +
        `the application and delivered the approved travel document to the customer's e-mail address` +
        `${delivered === '-' ? '' : ` on ${delivered}`}. The customer applied for and received the service in full, as ordered.`,
      `Enclosure A shows the steps of the application the customer completed. ${enclosureB} ` +
        'We therefore ask that the dispute be resolved in our favour and the chargeback reversed.',
    ],
    closing: [
      'Yours faithfully,',
      company.company.name,
      `Customer Service · ${company.support.phone} · ${company.support.email}`,
    ],
    ...history,
    evidenceImages: await Promise.all(
      (input.evidence ?? []).map(async (image) => ({ caption: image.caption, url: await dataUrl(image.path) })),
    ),
  };
}

/** The evidence images are small illustrations: inlined, the preview needs no extra route. */
async function dataUrl(file: string): Promise<string> {
  const type = path.extname(file).toLowerCase() === '.png' ? 'image/png' : 'image/jpeg';
  return `data:${type};base64,${(await readFile(file)).toString('base64')}`;
}
