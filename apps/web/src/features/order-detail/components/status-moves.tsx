import { can, type OrderDetail, STATUS_MOVES, type Status } from '@nzeta/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAuth } from '../../../lib/auth-context';
import { toast, toastError } from '../../../lib/toast';
import { type ChangeStatusInput, useChangeOrderStatus } from '../api/change-order-status';
import { ChargebackMoveDialog } from './chargeback/chargeback-move-dialog';

type PendingMove = { kind: 'delete' } | { kind: 'erase' };

const ERASE_MESSAGE = "Delete this order and erase the traveller's personal data for good? This cannot be undone.";

/** A 'Move to …' button for every status but the current one (SPEC §4); Delete asks first. */
export function StatusMoves({ order }: { order: OrderDetail }) {
  const { role } = useAuth();
  const change = useChangeOrderStatus();
  const [confirming, setConfirming] = useState<PendingMove | null>(null);
  const [isChargingBack, setChargingBack] = useState(false);
  const canDelete = can(role, 'orders.delete');
  const canErase = can(role, 'orders.erase') && !order.erased_at;
  const moves = STATUS_MOVES.filter(
    (move) => move.status !== order.process_status && (move.status !== 'Deleted' || canDelete),
  );

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

  return (
    <div className="status-moves">
      <h3 className="status-moves-title">Change status</h3>
      <div className="status-moves-buttons">
        {moves.map(({ status, label }) => (
          <button
            key={status}
            type="button"
            className={status === 'Deleted' ? 'btn btn-outline-danger btn-sm' : 'btn btn-outline-secondary btn-sm'}
            disabled={change.isPending}
            onClick={() => move(status)}
          >
            {status === 'Deleted' ? label : `Move to ${label}`}
          </button>
        ))}
        {canErase && (
          <button
            type="button"
            className="btn btn-danger btn-sm"
            disabled={change.isPending}
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
