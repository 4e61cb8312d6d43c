/** The order lifecycle (DESIGN §2): every change of an order's status, claim or credit goes through here. */
export {
  type ApplyOrderActionInput,
  type ApplyOrderActionResult,
  applyOrderAction,
  type OrderActionOutcome,
} from './apply-order-action';
export { assertOrderAction } from './check-order-action';
export { actorId, isSystemActor, type LifecycleActor, type StaffActor, type SystemActor } from './lifecycle-actor';
export { assertActionDone, describeOutcome, orderActionError, summariseOrderAction } from './order-action-answer';
export { recordIntake } from './record-intake';
export { releaseMemberClaims } from './release-member-claims';
export { ERASED_REMARK, type ErasedFiles } from './scrub-personal-data';
export { type ActivityRow, writeActivityRows } from './write-activity';
