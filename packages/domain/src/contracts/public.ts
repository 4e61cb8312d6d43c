import { z } from 'zod';
import { downloadDocumentInput, downloadHistoryInput, trackOrderInput } from '../schemas/visitor';
import { answer, contract, get, isoText, messageAnswer, post, postEmpty } from './contract';

/** Calls made before anyone signs in: health, public settings, visitors, intake and webhooks. */

export const appConfigData = z.object({
  productTitle: z.string(),
  publicSiteUrl: z.string(),
  applicationMailDomain: z.string(),
  businessTimeZone: z.string(),
  idleTimeoutMinutes: z.number(),
});
export type AppConfig = z.infer<typeof appConfigData>;

export const appConfig = get('/app-config', answer(appConfigData));
/** Readiness; 503 answers carry the same data (errorAnswer keeps it). */
export const health = get('/health', answer(z.object({ database: z.string() })));
export const healthLive = get('/health/live', messageAnswer);
/** Prometheus text, for the scraper's token only. */
export const metrics = contract({ method: 'GET', path: '/metrics', answer: null, produces: 'text/plain' });
/** Server-sent events: folder changes and notices for the signed-in member. */
export const events = contract({ method: 'GET', path: '/admin/events', answer: null, produces: 'text/event-stream' });

export const trackOrderData = z.object({ token: z.string(), orderId: z.number() });
export type TrackOrderData = z.infer<typeof trackOrderData>;
export const trackOrder = post('/front/track-order', trackOrderInput, answer(trackOrderData));

/** A row of the visitor's download history (SPEC §3 Visitor). */
export const visitorHistoryRow = z.object({
  order_id: z.number(),
  create_ts: isoText,
  ip: z.string().nullable(),
  /** 'Browser-Version-Vendor-Model' */
  browser: z.string(),
  os: z.string().nullable(),
  timezone: z.string().nullable(),
});
export type VisitorHistoryRow = z.infer<typeof visitorHistoryRow>;
export const visitorMainResult = z.object({
  order_id: z.number(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  process_status: z.string(),
});
export const visitorDocumentPath = z.object({ file1: z.string().nullable() });
/** data (the rows), mainResult and path, as SPEC §3 reads them. */
export const downloadHistory = post(
  '/front/get-download-history',
  downloadHistoryInput,
  answer(z.array(visitorHistoryRow), { mainResult: visitorMainResult, path: visitorDocumentPath }),
);
export const downloadDocument = post(
  '/front/download-passport-doc-pdf',
  downloadDocumentInput,
  answer(z.object({ url: z.string() })),
);
export const documentLinkParams = z.object({ file1: z.string().max(200, 'Invalid document name.') });
export const documentLinkQuery = z.object({ oid: z.unknown(), exp: z.unknown(), sig: z.unknown() }).partial();
export const documentLink = contract({
  method: 'GET',
  path: '/front/documents/:file1',
  params: documentLinkParams,
  query: documentLinkQuery,
  answer: null,
  produces: 'application/octet-stream',
});

/** Paid applications from the public site (DESIGN §8); the body schema lives with the intake. */
export const intakeOrder = postEmpty('/intake/orders', answer(z.object({ order_id: z.number() })));
/** Delivery events: how many were stored now and how many were seen before or are not ours. */
const eventsReceived = answer(z.object({ stored: z.number(), ignored: z.number() }));
export const sendgridWebhook = postEmpty('/webhooks/sendgrid', eventsReceived);
/** SNS posts raw text; the body is parsed after the signature is checked. */
export const sesWebhook = postEmpty('/webhooks/ses', eventsReceived);
