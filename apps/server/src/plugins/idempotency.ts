import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeys } from '../db/schema';
import { AppError, badRequest } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours an Idempotency-Key header: a replay answers the first result. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: string | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still being processed.';
export const INVALID_KEY_MESSAGE = 'Invalid Idempotency-Key header.';

const VALID_KEY = /^[\x21-\x7e]{1,200}$/;
/** How long a duplicate waits for the first request's answer before being told to retry. */
const WAIT_FOR_ANSWER_MS = 5000;
const FIRST_POLL_MS = 25;
const MAX_POLL_MS = 400;
/** A claim with no answer after this long belongs to a request that died with its process. */
const ABANDONED_AFTER_SECONDS = 120;
/** Answers are kept a day: a client retries within minutes, not days. */
const KEEP_HOURS = 24;

/**
 * Idempotency-Key for actions that create things (comments, uploads, invoices, e-mails, intake):
 * the first request with a key claims it by inserting its row, runs, and stores its answer; a
 * replay gets that answer again, and a concurrent duplicate waits for it. Keys are scoped to the
 * caller (the staff member, or the intake) and the route, so two members cannot collide.
 * Answers of 5xx and 429 are not stored: the action did not happen, a retry may run it. A claim
 * left without an answer (the process died mid-request) is taken over after two minutes.
 */
export const idempotency = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotencyClaim', null);
  let lastPurge = 0;

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !VALID_KEY.test(header)) throw badRequest(INVALID_KEY_MESSAGE);
    const { db } = app.ctx;
    if (Date.now() - lastPurge > 3_600_000) {
      lastPurge = Date.now();
      await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`));
    }

    const route = `${request.method} ${request.routeOptions.url}`;
    const staffId = request.staff?.id ?? null;
    const key = idempotencyRowKey(staffId, route, header);
    const deadline = Date.now() + WAIT_FOR_ANSWER_MS;
    let pollMs = FIRST_POLL_MS;
    for (;;) {
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ key, staffId, route })
        .onConflictDoUpdate({
          target: idempotencyKeys.key,
          set: { createdAt: sql`now()` },
          // Only an abandoned claim is taken over; a live one or an answer is left alone.
          setWhere: and(
            isNull(idempotencyKeys.statusCode),
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`),
          ),
        })
        .returning({ key: idempotencyKeys.key });
      if (claimed) {
        request.idempotencyClaim = key;
        return;
      }
      const [stored] = await db
        .select({ statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, key));
      if (stored?.statusCode != null) {
        return replay(reply, stored.statusCode, (stored.response as { body?: string } | null)?.body ?? '');
      }
      // No row: the first request failed and gave its claim up; claim it now.
      if (!stored) continue;
      if (Date.now() > deadline) throw new AppError(IN_PROGRESS_MESSAGE, 409, {}, 'REQUEST_IN_PROGRESS');
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      pollMs = Math.min(pollMs * 2, MAX_POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyClaim;
    if (!key) return payload;
    request.idempotencyClaim = null;
    const { db } = app.ctx;
    const status = reply.statusCode;
    // The answer's exact text, wrapped: jsonb would reorder the keys of the answer itself.
    const body = typeof payload === 'string' && isJson(payload) ? payload : undefined;
    try {
      if (status >= 500 || status === 429 || body === undefined) {
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      } else {
        await db
          .update(idempotencyKeys)
          .set({ statusCode: status, response: { body } })
          .where(eq(idempotencyKeys.key, key));
      }
    } catch (error) {
      // The action's own answer still goes out; replays see a claim until it is abandoned.
      request.log.warn({ err: error }, 'idempotency answer not stored');
    }
    return payload;
  });
});

/** The stored key: the caller's key scoped to the member (or the intake) and the route. */
export function idempotencyRowKey(staffId: number | null, route: string, header: string): string {
  return createHash('sha256')
    .update(`${staffId ?? 'intake'}\n${route}\n${header}`)
    .digest('hex');
}

function replay(reply: FastifyReply, statusCode: number, response: string): FastifyReply {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(response);
}

function isJson(payload: string): boolean {
  try {
    JSON.parse(payload);
    return true;
  } catch {
    return false;
  }
}
