import { type DeliveryState, FAILED_DELIVERY_STATES } from '@nzeta/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { mailEvents, mailMessages } from '../../db/schema';
import { markComplainedAddress } from './complaints';
import type { MailMessage } from './outbox';
import { type ProviderEvent, STATE_OF_EVENT, STATE_RANK } from './provider-event';

/** A message that has just entered a failed delivery state (once per message). */
export interface DeliveryFailure {
  message: MailMessage;
  state: DeliveryState;
  reason: string | null;
  bounceType: string | null;
  provider: ProviderEvent['provider'];
  occurredAt: string;
}

export interface RecordMailEventsResult {
  /** events stored now (not seen before) */
  stored: number;
  /** events seen before, or of no message of ours */
  ignored: number;
  /** what the failure handler returned, one per message that failed now */
  outcomes: unknown[];
}

export interface RecordMailEventsOptions<T> {
  /** called in the same transaction for each message that has just failed */
  onDeliveryFailed?: (tx: Tx, failure: DeliveryFailure) => Promise<T>;
}

const CHUNK = 1000;

/**
 * Stores a batch of provider events, each once (unique on the provider's event id), and moves
 * each message's latest delivery state, open and click times. One transaction: a replayed or
 * concurrent batch finds its events already stored and does nothing twice. Messages are locked
 * in id order, before any order is touched, so concurrent batches cannot deadlock.
 */
export async function recordMailEvents<T>(
  db: Db,
  events: readonly ProviderEvent[],
  options: RecordMailEventsOptions<T> = {},
): Promise<RecordMailEventsResult> {
  if (!events.length) return { stored: 0, ignored: 0, outcomes: [] };
  return db.transaction(async (tx) => {
    const matched = await matchMessages(tx, events);
    const rows = events.flatMap((event) => {
      const mailId = matched(event);
      if (mailId === undefined) return [];
      return [
        {
          mailId,
          provider: event.provider,
          event: event.event,
          providerEventId: event.providerEventId,
          occurredAt: event.occurredAt,
          reason: event.reason?.slice(0, 1000) ?? null,
          bounceType: event.bounceType ?? null,
          url: event.url?.slice(0, 2000) ?? null,
        },
      ];
    });
    const inserted: StoredEvent[] = [];
    for (let start = 0; start < rows.length; start += CHUNK) {
      const stored = await tx
        .insert(mailEvents)
        .values(rows.slice(start, start + CHUNK))
        .onConflictDoNothing({ target: [mailEvents.provider, mailEvents.providerEventId] })
        .returning();
      inserted.push(...stored);
    }
    const outcomes: unknown[] = [];
    const byMessage = new Map<number, StoredEvent[]>();
    for (const row of inserted) byMessage.set(row.mailId, [...(byMessage.get(row.mailId) ?? []), row]);
    const ids = [...byMessage.keys()].sort((a, b) => a - b);
    const messages = ids.length
      ? await tx.select().from(mailMessages).where(inArray(mailMessages.id, ids)).orderBy(mailMessages.id).for('update')
      : [];
    const failures: DeliveryFailure[] = [];
    for (const message of messages) {
      const failure = await applyEvents(tx, message, byMessage.get(message.id) ?? []);
      if (failure) failures.push(failure);
    }
    if (options.onDeliveryFailed) {
      for (const failure of failures) outcomes.push(await options.onDeliveryFailed(tx, failure));
    }
    return { stored: inserted.length, ignored: events.length - inserted.length, outcomes };
  });
}

type StoredEvent = typeof mailEvents.$inferSelect;

/** Moves one message's state by its new events; returns the failure if it has just failed. */
async function applyEvents(tx: Tx, message: MailMessage, events: StoredEvent[]): Promise<DeliveryFailure | undefined> {
  let state = message.deliveryState as DeliveryState | null;
  let stateAt = message.deliveryStateAt ? Date.parse(message.deliveryStateAt) : 0;
  let reason = message.deliveryReason;
  let winner: StoredEvent | undefined;
  let openedAt = message.openedAt ? Date.parse(message.openedAt) : undefined;
  let clickedAt = message.clickedAt ? Date.parse(message.clickedAt) : undefined;
  for (const event of events) {
    const at = Date.parse(event.occurredAt);
    if (event.event === 'open') openedAt = Math.min(openedAt ?? at, at);
    if (event.event === 'click') clickedAt = Math.min(clickedAt ?? at, at);
    const next = STATE_OF_EVENT[event.event as keyof typeof STATE_OF_EVENT];
    if (!next) continue;
    const rank = STATE_RANK[next];
    const current = state ? STATE_RANK[state] : 0;
    if (rank > current || (rank === current && at >= stateAt)) {
      state = next;
      stateAt = at;
      reason = event.reason ?? null;
      winner = event;
    }
  }
  await tx
    .update(mailMessages)
    .set({
      deliveryState: state,
      deliveryStateAt: stateAt ? new Date(stateAt).toISOString() : null,
      deliveryReason: reason,
      openedAt: openedAt === undefined ? null : new Date(openedAt).toISOString(),
      clickedAt: clickedAt === undefined ? null : new Date(clickedAt).toISOString(),
    })
    .where(eq(mailMessages.id, message.id));
  const complaint = events.find((event) => event.event === 'spamreport');
  if (complaint) {
    await markComplainedAddress(tx, message.toAddress, { mailId: message.id, complainedAt: complaint.occurredAt });
  }
  const wasFailed = message.deliveryState !== null && isFailed(message.deliveryState as DeliveryState);
  if (wasFailed || !state || !isFailed(state) || !winner) return undefined;
  return {
    message: { ...message, deliveryState: state, deliveryReason: reason },
    state,
    reason,
    bounceType: winner.bounceType ?? null,
    provider: winner.provider as ProviderEvent['provider'],
    occurredAt: winner.occurredAt,
  };
}

const isFailed = (state: DeliveryState) => FAILED_DELIVERY_STATES.includes(state);

/**
 * Finds the outbox message of each event: by our mail_id, else by the provider's message id
 * (SendGrid's sg_message_id starts with the X-Message-Id its send call answered).
 */
async function matchMessages(
  tx: Tx,
  events: readonly ProviderEvent[],
): Promise<(event: ProviderEvent) => number | undefined> {
  const claimedIds = [...new Set(events.flatMap((e) => (e.mailId !== undefined ? [e.mailId] : [])))];
  const providerIds = [
    ...new Set(events.flatMap((e) => (e.mailId === undefined && e.providerMessageId ? [baseMessageId(e)] : []))),
  ];
  const known = new Set<number>();
  for (let start = 0; start < claimedIds.length; start += CHUNK) {
    const rows = await tx
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(inArray(mailMessages.id, claimedIds.slice(start, start + CHUNK)));
    for (const row of rows) known.add(row.id);
  }
  const byProviderId = new Map<string, number>();
  for (let start = 0; start < providerIds.length; start += CHUNK) {
    const rows = await tx
      .select({ id: mailMessages.id, providerMessageId: mailMessages.providerMessageId })
      .from(mailMessages)
      .where(
        and(
          inArray(mailMessages.providerMessageId, providerIds.slice(start, start + CHUNK)),
          sql`${mailMessages.transport} in ('ses', 'sendgrid')`,
        ),
      );
    for (const row of rows) if (row.providerMessageId) byProviderId.set(row.providerMessageId, row.id);
  }
  return (event) => {
    if (event.mailId !== undefined) return known.has(event.mailId) ? event.mailId : undefined;
    return event.providerMessageId ? byProviderId.get(baseMessageId(event)) : undefined;
  };
}

function baseMessageId(event: ProviderEvent): string {
  const id = event.providerMessageId ?? '';
  return event.provider === 'sendgrid' ? (id.split('.')[0] ?? id) : id;
}
