/**
 * The order timeline's entries (order_activity.action): one list the server writes and the
 * console describes, so an entry is never written that the timeline cannot read.
 */
export const ACTIVITY_ACTIONS = [
  'order-created',
  'status-changed',
  'assigned',
  'unassigned',
  'document-uploaded',
  'document-downloaded',
  'mail-queued',
  'remark-added',
  'transaction-details-saved',
  'refund-completed',
  'personal-data-erased',
  'identity-data-purged',
  'order-viewed',
  'dispute-recorded',
  'dispute-updated',
  'mail-delivery-failed',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export function isActivityAction(value: string): value is ActivityAction {
  return (ACTIVITY_ACTIONS as readonly string[]).includes(value);
}
