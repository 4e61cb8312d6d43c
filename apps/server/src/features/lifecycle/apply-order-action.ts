import { decideOrderAction, type OrderAction, type SkipReason, type Status } from '@nzeta/domain';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { uniqueIds } from '../../lib/id-list';
import { activityFor } from './activity-for';
import { actorId, actorRef, isSystemActor, type LifecycleActor } from './lifecycle-actor';
import { lockOrders } from './lock-orders';
import { type ErasedFiles, scrubPersonalData } from './scrub-personal-data';
import { writeActivityRows } from './write-activity';
import { type LifecycleWrite, writeLifecycle } from './write-lifecycle';

export interface ApplyOrderActionInput {
  orderIds: readonly number[];
  action: OrderAction;
  actor: LifecycleActor;
  /** shown in the timeline: why the system acted ('e-mail bounced', 'dispute lost') */
  reason?: string;
  /** extra timeline detail (upload: provider, size …) */
  detail?: Record<string, unknown>;
  /** timeline detail that differs per order (refund: whether the customer could be notified) */
  detailFor?: (orderId: number) => Record<string, unknown>;
  /** reassign: the member who gets the orders */
  assignTo?: { id: number; name: string };
  /** deliver: the member whose upload was delivered gets the processed-by credit */
  creditTo?: { id: number; name: string } | null;
  /** announces the folder-count change after commit (only when db is not already a transaction) */
  events?: { ordersChanged(): void };
}

export interface OrderActionOutcome {
  orderId: number;
  done: boolean;
  from?: Status;
  to?: Status;
  reason?: SkipReason;
  /** who holds the order's claim, when that is why it was skipped */
  heldBy?: string | null;
}

export interface ApplyOrderActionResult {
  action: OrderAction;
  results: OrderActionOutcome[];
  /** ids the action was applied to, in the order given */
  done: number[];
  skipped: OrderActionOutcome[];
  /** files of erased orders, to remove once the change has committed */
  erasedFiles: ErasedFiles;
  /** refund dates set by 'refund' (ISO, UTC) */
  refundDates: Map<number, string>;
}

/**
 * The one way an order's lifecycle changes (DESIGN §2): locks the orders, asks the transition
 * table about each, writes the allowed changes and their timeline entries in one transaction, and
 * answers per order what was done or why it was skipped. Runs inside `db` when it is already a
 * transaction (the caller then announces the change after its commit).
 */
export async function applyOrderAction(db: DbOrTx, input: ApplyOrderActionInput): Promise<ApplyOrderActionResult> {
  const isTransaction = 'rollback' in db;
  const result = isTransaction ? await run(db as Tx, input) : await (db as Db).transaction((tx) => run(tx, input));
  if (!isTransaction && result.done.length) input.events?.ordersChanged();
  return result;
}

async function run(tx: Tx, input: ApplyOrderActionInput): Promise<ApplyOrderActionResult> {
  const ids = uniqueIds(input.orderIds);
  const locked = await lockOrders(tx, ids);
  const ref = actorRef(input.actor);
  const results: OrderActionOutcome[] = [];
  const writes: LifecycleWrite[] = [];
  for (const orderId of ids) {
    const order = locked.get(orderId);
    if (!order) {
      results.push({ orderId, done: false, reason: 'not-found' });
      continue;
    }
    const decision = decideOrderAction(order, input.action, ref);
    if (!decision.allowed) {
      const held = decision.reason === 'taken' || decision.reason === 'claimed' || decision.reason === 'not-yours';
      results.push({
        orderId,
        done: false,
        from: order.status,
        reason: decision.reason,
        ...(held ? { heldBy: order.assigneeName } : {}),
      });
      continue;
    }
    const credit = decision.credit === 'give' ? creditOf(input) : null;
    const kind = decision.effect.kind;
    writes.push({
      orderId,
      to: decision.to,
      // A completion nobody earned (the system's own move) leaves the credit as it was.
      credit: decision.credit === 'give' && !credit ? 'keep' : decision.credit,
      creditId: credit?.id ?? null,
      creditName: credit?.name ?? null,
      assign: kind === 'claim' || kind === 'reassign' ? 'set' : kind === 'release' ? 'clear' : 'keep',
      assignee: kind === 'claim' ? actorId(input.actor) : kind === 'reassign' ? (input.assignTo?.id ?? null) : null,
      refund: kind === 'refund',
      erase: kind === 'erase',
    });
    results.push({ orderId, done: true, from: order.status, to: decision.to });
  }
  const refundDates = await writeLifecycle(tx, writes);
  const done = results.filter((r) => r.done).map((r) => r.orderId);
  const erasedFiles =
    input.action === 'erase' && done.length ? await scrubPersonalData(tx, done) : { documents: [], mailCopies: [] };
  if (input.action === 'erase' && done.length) {
    await writeAudit(tx, {
      actorId: actorId(input.actor),
      actorName: input.actor.name,
      action: 'order-erased',
      target: done.length === 1 ? String(done[0]) : `${done.length} orders`,
      detail: { orderIds: done.slice(0, 1000) },
    });
  }
  await writeActivityRows(
    tx,
    writes.flatMap((write) => activityFor(input, write, locked.get(write.orderId), refundDates.get(write.orderId))),
  );
  return { action: input.action, results, done, skipped: results.filter((r) => !r.done), erasedFiles, refundDates };
}

/** Who a 'give' credits: the uploader on delivery, else the acting member; the system earns none. */
function creditOf(input: ApplyOrderActionInput): { id: number; name: string } | null {
  if (input.action === 'deliver') return input.creditTo ?? null;
  if (isSystemActor(input.actor)) return input.creditTo ?? null;
  return { id: input.actor.id, name: input.actor.name };
}
