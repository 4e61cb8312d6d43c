import {
  groupMovesByKind,
  isMoveTarget,
  moveAction,
  type OrderDetail,
  type OrderMoveButton,
  STATUS_MOVES,
  type Status,
} from '@nzeta/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type ChangeStatusInput, useChangeOrderStatus } from '../api/change-order-status';
import { useReleaseOrder, useRestoreOrder } from '../api/order-lifecycle';
import { useOrderActions } from '../hooks/use-order-actions';
import { ChargebackMoveDialog } from './chargeback/chargeback-move-dialog';

type PendingMove = { kind: 'delete' } | { kind: 'erase' };

const ERASE_MESSAGE = "Delete this order and erase the traveller's personal data for good? This cannot be undone.";

interface MoveButton {
  button: OrderMoveButton;
  label: string;
  onClick(): void;
}

/**
 * The 'Move to …' buttons (SPEC §4) the transition table allows this member on this order, and
 * Delete, Restore, release of a claim and permanent deletion likewise; Delete asks first. They
 * are grouped and coloured by what they do to the order (moveKindOf in the domain).
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
  // The mutations toast the server's answer themselves (SPEC §8).
  const answer = async (call: Promise<unknown>) => {
    await call;
  };

  const run = async (input: Omit<ChangeStatusInput, 'orderId'>) => {
    try {
      await change.mutateAsync({ orderId: order.order_id, ...input });
    } finally {
      setConfirming(null);
    }
  };
  const move = (status: Status) => {
    if (status === 'Deleted') setConfirming({ kind: 'delete' });
    else if (status === 'ChargeBack') setChargingBack(true);
    else void run({ updatingStatus: status });
  };

  const buttons: MoveButton[] = [
    ...moves.map(({ status, label }) => ({
      button: status,
      label: status === 'Deleted' ? label : `Move to ${label}`,
      onClick: () => move(status),
    })),
    ...(allowed('restore')
      ? [{ button: 'restore' as const, label: 'Restore', onClick: () => answer(restore.mutateAsync(order.order_id)) }]
      : []),
    ...(allowed('release')
      ? [
          {
            button: 'release' as const,
            label: 'Move to Original Folder',
            onClick: () => answer(release.mutateAsync(order.order_id)),
          },
        ]
      : []),
    ...(canErase
      ? [{ button: 'erase' as const, label: 'Delete permanently', onClick: () => setConfirming({ kind: 'erase' }) }]
      : []),
  ];

  if (!buttons.length) return null;
  return (
    <div className="status-moves">
      <h3 className="status-moves-title">Change status</h3>
      <div className="status-moves-buttons">
        {groupMovesByKind(buttons, (b) => b.button).map((group) => (
          <fieldset key={group.kind} className={`move-group move-kind-${group.kind}`} aria-label={group.label}>
            <span className="move-group-label" aria-hidden="true">
              {group.label}
            </span>
            {group.moves.map(({ button, label, onClick }) => (
              <button
                key={button}
                type="button"
                className={`btn btn-sm move-btn${button === 'erase' ? ' move-btn-solid' : ''}`}
                disabled={isBusy}
                onClick={onClick}
              >
                {label}
              </button>
            ))}
          </fieldset>
        ))}
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
