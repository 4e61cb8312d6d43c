import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { mailMessages } from '../../db/schema';
import { writeAudit } from '../../lib/audit';

interface Audited {
  action: string;
  /** the order or folder the call exposed, from its parameters or body */
  target(request: FastifyRequest): string | undefined;
  /** the answer names the queued e-mail: its recipient goes on the trail */
  sendsMail?: boolean;
}

const orderFromBody = (request: FastifyRequest) => {
  const orderId = (request.body as { orderId?: unknown } | undefined)?.orderId;
  return orderId === undefined ? undefined : String(orderId);
};
const orderFromParams = (request: FastifyRequest) => (request.params as { orderId?: string }).orderId;

/**
 * Calls that expose personal data or send the document, by route: each successful one writes an
 * audit entry once answered. Kept apart from the handlers, so the audit holds whatever they
 * become. Calls that already audit themselves (order views, document downloads) are not here.
 */
const AUDITED: Record<string, Audited> = {
  'GET /api/admin/export-orders.csv': {
    action: 'orders-exported',
    target: (request) => `folder:${(request.query as { folder?: string }).folder ?? 'allOrder'}`,
  },
  'POST /api/admin/get-defence-pack-pdf': { action: 'defence-pack-viewed', target: orderFromBody },
  'POST /api/admin/defence-pack-details': { action: 'defence-pack-viewed', target: orderFromBody },
  'GET /api/admin/email-content/:orderId': { action: 'email-preview-viewed', target: orderFromParams },
  'POST /api/admin/send-invoice': { action: 'invoice-sent', target: orderFromBody, sendsMail: true },
  'POST /api/admin/resend-mail': { action: 'document-resent', target: orderFromBody, sendsMail: true },
  'POST /api/admin/upload-visa-document': { action: 'document-uploaded', target: () => undefined, sendsMail: true },
};

declare module 'fastify' {
  interface FastifyRequest {
    /** the e-mail an audited call queued, read from its answer */
    auditedMailId?: number;
  }
}

/** Registered in the staff scope: runs after the route's own work, for 2xx answers only. */
export const accessAudit = fp(async (app: FastifyInstance) => {
  const entryOf = (request: FastifyRequest) => AUDITED[`${request.method} ${request.routeOptions.url ?? ''}`];

  app.addHook('onSend', async (request, reply, payload) => {
    const entry = entryOf(request);
    if (!entry?.sendsMail || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    try {
      const mailId = (JSON.parse(payload) as { data?: { mailId?: unknown } }).data?.mailId;
      if (typeof mailId === 'number') request.auditedMailId = mailId;
    } catch {
      // not JSON: nothing to read
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const entry = entryOf(request);
    if (!entry || !request.staff || reply.statusCode >= 300) return;
    const [mail] = request.auditedMailId
      ? await app.ctx.db
          .select({ to: mailMessages.toAddress, orderId: mailMessages.orderId })
          .from(mailMessages)
          .where(eq(mailMessages.id, request.auditedMailId))
      : [];
    const target = entry.target(request) ?? (mail?.orderId ? String(mail.orderId) : undefined);
    await writeAudit(app.ctx.db, {
      actorId: request.staff.id,
      actorName: request.staff.name,
      action: entry.action,
      target: target ?? null,
      ip: request.ip,
      ...(mail && { detail: { recipient: mail.to, mailId: request.auditedMailId } }),
    });
  });
});
