import { createHash } from 'node:crypto';
import {
  type ActivityAction,
  decideOrderAction,
  type LifecycleRole,
  type OrderAction,
  type OrderState,
  type Status,
} from '@nzeta/domain';
import { type Rng, randomCode } from './factories';

/** A tiny valid PDF: every demo document (the approved travel authority stands in for itself). */
export const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const DEMO_PDF_SHA256 = createHash('sha256').update(DEMO_PDF).digest('hex');

export interface HistoryMember {
  id: number;
  name: string;
  type: string;
}

export interface PlannedStep {
  action: OrderAction | 'intake';
  by: HistoryMember | null;
}

export interface PlannedActivity {
  actorId: number | null;
  actorName: string;
  action: ActivityAction;
  fromValue: string | null;
  toValue: string | null;
  detail: Record<string, unknown> | null;
  createdAt: string;
}

export interface PlannedHistory {
  status: Status;
  previousStatus: Status | null;
  assignedTo: number | null;
  processedBy: HistoryMember | null;
  processedAt: string | null;
  refundDate: string | null;
  activity: PlannedActivity[];
  /** the uploaded document (stored name) and when, if any */
  document: { file1: string; uploadedBy: HistoryMember; at: string } | null;
  /** when the approval e-mail was delivered (the order completed), if it was */
  deliveredAt: string | null;
}

const roleOf = (member: HistoryMember | null): LifecycleRole => (member ? (member.type as LifecycleRole) : 'System');

/**
 * Runs an order's demo history through the transition table, as the lifecycle module would:
 * every step must be allowed, and the columns and timeline entries are what the table's effects
 * produce (the seed writes them in bulk; `applyOrderAction` would write the same rows one by one).
 */
export function planHistory(orderId: number, steps: PlannedStep[], times: string[], rng: Rng): PlannedHistory {
  let state: OrderState = { status: 'New', assignedTo: null, refunded: false, erased: false, credited: false };
  const plan: PlannedHistory = {
    status: 'New',
    previousStatus: null,
    assignedTo: null,
    processedBy: null,
    processedAt: null,
    refundDate: null,
    activity: [],
    document: null,
    deliveredAt: null,
  };
  steps.forEach((step, i) => {
    const at = times[i] ?? times[times.length - 1] ?? new Date().toISOString();
    const actorName = step.by?.name ?? 'System';
    const row = (
      action: ActivityAction,
      from: string | null,
      to: string | null,
      detail: Record<string, unknown> | null = null,
    ) =>
      plan.activity.push({
        actorId: step.by?.id ?? null,
        actorName,
        action,
        fromValue: from,
        toValue: to,
        detail,
        createdAt: at,
      });
    if (step.action === 'intake') {
      plan.activity.push({
        actorId: null,
        actorName: 'Application site',
        action: 'order-created',
        fromValue: null,
        toValue: 'New',
        detail: null,
        createdAt: at,
      });
      return;
    }
    const decision = decideOrderAction(state, step.action, { role: roleOf(step.by), id: step.by?.id ?? null });
    if (!decision.allowed) throw new Error(`demo order ${orderId}: ${step.action} refused (${decision.reason})`);
    const kind = decision.effect.kind;
    if (kind === 'claim') row('assigned', null, actorName);
    if (kind === 'upload') {
      const file1 = `demo${orderId}x${randomCode(rng, 12).toLowerCase()}.pdf`;
      plan.document = { file1, uploadedBy: step.by as HistoryMember, at };
      row('document-uploaded', null, file1, { provider: 'AWS', size: DEMO_PDF.length, contentType: 'application/pdf' });
    }
    if (kind === 'refund') {
      plan.refundDate = at;
      row('refund-completed', null, at, { customerNotified: true });
    }
    if (decision.to !== state.status) {
      const detail: Record<string, unknown> = {};
      if (step.action === 'upload') detail.reason = 'document uploaded';
      if (step.action === 'deliver') detail.reason = 'approval e-mail delivered';
      const credited = step.action === 'deliver' ? plan.document?.uploadedBy : step.by;
      if (decision.credit === 'give' && credited) {
        Object.assign(detail, { credit: 'given', processedBy: credited.name });
        plan.processedBy = credited;
        plan.processedAt = at;
      }
      if (decision.credit === 'withdraw') {
        detail.credit = 'withdrawn';
        plan.processedBy = null;
        plan.processedAt = null;
      }
      if (step.action === 'deliver') plan.deliveredAt = at;
      row('status-changed', state.status, decision.to, Object.keys(detail).length ? detail : null);
      plan.previousStatus = state.status;
    }
    state = {
      ...state,
      status: decision.to,
      assignedTo: kind === 'claim' ? (step.by?.id ?? null) : kind === 'release' ? null : state.assignedTo,
      refunded: state.refunded || kind === 'refund',
      credited: !!plan.processedBy,
      previousStatus: plan.previousStatus,
    };
  });
  plan.status = state.status;
  plan.assignedTo = state.assignedTo;
  return plan;
}

export function demoDocumentRow(orderId: number, plan: PlannedHistory) {
  if (!plan.document) return null;
  return {
    orderId,
    file1: plan.document.file1,
    originalName: `approval-${orderId}.pdf`,
    contentType: 'application/pdf',
    size: DEMO_PDF.length,
    sha256: DEMO_PDF_SHA256,
    customerName: null,
    mailServiceProvider: 'AWS',
    uploadedBy: plan.document.uploadedBy.id,
    createdAt: plan.document.at,
  };
}
