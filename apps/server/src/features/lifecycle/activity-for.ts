import type { ApplyOrderActionInput } from './apply-order-action';
import { actorId } from './lifecycle-actor';
import type { LockedOrder } from './lock-orders';
import type { ActivityRow } from './write-activity';
import type { LifecycleWrite } from './write-lifecycle';

const REASONS: Partial<Record<string, string>> = {
  upload: 'document uploaded',
  deliver: 'approval e-mail delivered',
  restore: 'restored',
};

/** The timeline entries of one applied action (the lifecycle's part of the log). */
export function activityFor(
  input: ApplyOrderActionInput,
  write: LifecycleWrite,
  before: LockedOrder | undefined,
  refundDate: string | undefined,
): ActivityRow[] {
  const base = { orderId: write.orderId, actorId: actorId(input.actor), actorName: input.actor.name };
  const rows: ActivityRow[] = [];
  const action = input.action;
  if (action === 'upload') {
    // detail.file1 names the stored document: the entry's "to", as the timeline shows it.
    const { file1, ...detail } = input.detail ?? {};
    rows.push({ ...base, action: 'document-uploaded', to: typeof file1 === 'string' ? file1 : null, detail });
  }
  if (action === 'claim') rows.push({ ...base, action: 'assigned', to: input.actor.name });
  if (action === 'reassign') {
    rows.push({ ...base, action: 'assigned', from: before?.assigneeName ?? null, to: input.assignTo?.name ?? null });
  }
  if (action === 'release') rows.push({ ...base, action: 'unassigned', from: before?.assigneeName ?? null });
  if (action === 'refund') {
    const detail = { ...input.detail, ...input.detailFor?.(write.orderId) };
    rows.push({
      ...base,
      action: 'refund-completed',
      to: refundDate ?? null,
      detail: Object.keys(detail).length ? detail : null,
    });
  }
  if (before && write.to !== before.status) {
    const reason = input.reason ?? REASONS[action];
    const detail: Record<string, unknown> = { ...(reason ? { reason } : {}) };
    if (write.credit === 'give') Object.assign(detail, { credit: 'given', processedBy: write.creditName });
    if (write.credit === 'withdraw') detail.credit = 'withdrawn';
    if (action !== 'upload' && input.detail) Object.assign(detail, input.detail);
    rows.push({
      ...base,
      action: 'status-changed',
      from: before.status,
      to: write.to,
      detail: Object.keys(detail).length ? detail : null,
    });
  } else if (write.credit === 'give') {
    // Completion without a move (cannot happen today) still leaves its trace for the report.
    rows.push({
      ...base,
      action: 'status-changed',
      from: before?.status ?? null,
      to: write.to,
      detail: { credit: 'given', processedBy: write.creditName },
    });
  }
  if (action === 'erase') rows.push({ ...base, action: 'personal-data-erased' });
  return rows;
}
