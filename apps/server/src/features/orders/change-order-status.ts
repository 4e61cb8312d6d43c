import { isMoveTarget, moveAction, type OrderAction, type Status, statusLabel } from '@nzeta/domain';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/app-error';
import {
  applyOrderAction,
  type ErasedFiles,
  type OrderActionOutcome,
  orderActionError,
  type StaffActor,
  summariseOrderAction,
} from '../lifecycle';

export interface ChangeOrderStatusInput {
  orderIds: readonly number[];
  status: Status;
  /** erase the orders' personal data too (Admin only; only with status Deleted) */
  erase: boolean;
}

export interface ChangeOrderStatusResult {
  changed: number[];
  results: OrderActionOutcome[];
  message: string;
  /** stored files of erased orders, to remove once the change has committed */
  erasedFiles: ErasedFiles;
}

/** The lifecycle action a status change asks for: a move, a delete or an erasure. */
function actionOf(input: ChangeOrderStatusInput): OrderAction {
  if (input.erase && input.status !== 'Deleted') throw badRequest('Permanent deletion needs the Deleted status.');
  if (input.status === 'Deleted') return input.erase ? 'erase' : 'delete';
  // New is reached by intake, release or restore, Pending by an upload (DESIGN §2).
  if (!isMoveTarget(input.status)) {
    throw conflict(
      `Orders cannot be moved to ${statusLabel(input.status)}: ${input.status === 'Pending' ? 'upload the document instead' : 'use Restore or Move to Original Folder'}.`,
      'TRANSITION_NOT_ALLOWED',
    );
  }
  return moveAction(input.status);
}

/**
 * "Move to …", Delete and Delete permanently, one order or a selection, through the transition
 * table: what the table refuses is skipped and named in the message; nothing done answers an error.
 */
export async function changeOrderStatus(
  db: Db,
  input: ChangeOrderStatusInput,
  actor: StaffActor,
  events?: { ordersChanged(): void },
): Promise<ChangeOrderStatusResult> {
  const action = actionOf(input);
  const result = await applyOrderAction(db, { orderIds: input.orderIds, action, actor, events });
  if (!result.done.length) throw orderActionError(result);
  const deleting = input.status === 'Deleted';
  const message = result.skipped.length
    ? `${summariseOrderAction(result)}.`
    : deleting
      ? 'Order has been deleted successfully'
      : 'Order status has been changed successfully.';
  return { changed: result.done, results: result.results, message, erasedFiles: result.erasedFiles };
}
