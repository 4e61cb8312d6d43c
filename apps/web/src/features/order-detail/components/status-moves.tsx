import { isMoveTarget, moveAction, type OrderDetail, STATUS_MOVES, type Status } from '@nzeta/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast, toastError } from '../../../lib/toast';
import { type ChangeStatusInput, useChangeOrderStatus } from '../api/change-order-status';
import { useReleaseOrder, useRestoreOrder } from '../api/order-lifecycle';
import { useOrderActions } from '../hooks/use-order-actions';
import { ChargebackMoveDialog } from './chargeback/chargeback-move-dialog';

type PendingMove = { kind: 'delete' } | { kind: 'erase' };

const ERASE_MESSAGE = "Delete this order and erase the traveller's personal data for good? This cannot be undone.";

/**
 * The 'Move to …' buttons (SPEC §4) the transition table allows this member on this order, and
 * Delete, Restore, release of a claim and permanent deletion likewise; Delete asks first.
 */
export function StatusMoves({ order }: { order: OrderDetail }) {
  const allowed = useOrderActions(order);
  const change = useChangeOrderStatus();
  const restore = useRestoreOrder();
  const release = useReleaseOrder();
  const [confirming, setConfirming] = useState<PendingMove | null>(null);
  const [isChargingBack, setChargingBack] = useState(false);
  const canErase = allowed('erase');
  const moves = STATUS_MOVES.filter((move) =>
    move.status === 'Deleted' ? allowed('delete') : isMoveTarget(move.status) && allowed(moveAction(move.status)),
  );
  const isBusy = change.isPending || restore.isPending || release.isPending;
  const answer = async (call: Promise<{ message?: string }>) => {
    try {
      toast.success((await call).message ?? 'Done.');
    } catch (error) {
      toastError(error);
    }
  };

  const run = async (input: Omit<ChangeStatusInput, 'orderId'>) => {
    try {
      const answer = await change.mutateAsync({ orderId: order.order_id, ...input });
      toast.success(answer.message);
    } catch (error) {
      toastError(error);
    } finally {
      setConfirming(null);
    }
  };
  const move = (status: Status) => {
    if (status === 'Deleted') setConfirming({ kind: 'delete' });
    else if (status === 'ChargeBack') setChargingBack(true);
    else void run({ updatingStatus: status });
  };

  if (!moves.length && !canErase && !allowed('restore') && !allowed('release')) return null;
  return (
    <div className="status-moves">
      <h3 className="status-moves-title">Change status</h3>
      <div className="status-moves-buttons">
        {moves.map(({ status, label }) => (
          <button
            key={status}
            type="button"
            className={status === 'Deleted' ? 'btn btn-outline-danger btn-sm' : 'btn btn-outline-secondary btn-sm'}
            disabled={isBusy}
            onClick={() => move(status)}
          >
            {status === 'Deleted' ? label : `Move to ${label}`}
          </button>
        ))}
        {allowed('restore') && (
          <button
            type="button"
            className="btn btn-outline-success btn-sm"
            disabled={isBusy}
            onClick={() => answer(restore.mutateAsync(order.order_id))}
          >
            Restore
          </button>
        )}
        {allowed('release') && (
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            disabled={isBusy}
            onClick={() => answer(release.mutateAsync(order.order_id))}
          >
            Move to Original Folder
          </button>
        )}
        {canErase && (
          <button
            type="button"
            className="btn btn-danger btn-sm"
            disabled={isBusy}
            onClick={() => setConfirming({ kind: 'erase' })}
          >
            Delete permanently
          </button>
        )}
      </div>
      {isChargingBack && <ChargebackMoveDialog orderId={order.order_id} onClose={() => setChargingBack(false)} />}
      <ConfirmDialog
        isOpen={confirming !== null}
        message={confirming?.kind === 'erase' ? ERASE_MESSAGE : undefined}
        confirmLabel="Yes"
        isBusy={change.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          run(
            confirming?.kind === 'erase'
              ? { updatingStatus: 'Deleted', permanentDeletedFlag: true }
              : { updatingStatus: 'Deleted' },
          )
        }
      />
    </div>
  );
}
