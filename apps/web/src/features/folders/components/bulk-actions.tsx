import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAssignOrders } from '../api/assign-orders';
import { useChangeOrderStatus } from '../api/change-order-status';
import { useCompleteRefunds } from '../api/complete-refunds';
import { useRestoreOrders } from '../api/restore-orders';
import type { FolderAbilities } from '../folder-screens';
import { useAssignToMe } from '../hooks/use-assign-to-me';

export const RELEASE_QUESTION = 'Are you sure want to move orders to new orders.';

export interface BulkActionsProps {
  abilities: FolderAbilities;
  selectedIds: number[];
  userName: string;
  /** after an action: clear the selection */
  onDone(): void;
}

/** The bulk actions of SPEC §4; each does nothing without a selection. */
export function BulkActions({ abilities, selectedIds, userName, onDone }: BulkActionsProps) {
  const assign = useAssignOrders();
  const claim = useAssignToMe(userName);
  const changeStatus = useChangeOrderStatus();
  const refund = useCompleteRefunds();
  const restore = useRestoreOrders();
  const [confirming, setConfirming] = useState<'release' | 'delete' | null>(null);
  const count = selectedIds.length;
  const isBusy = assign.isPending || claim.isPending || changeStatus.isPending || refund.isPending || restore.isPending;

  const assignToMe = async () => {
    if (!count) return;
    await claim.assignToMe(selectedIds);
    onDone();
  };

  const release = async () => {
    await assign.mutateAsync({ orderIds: selectedIds, assignto: null });
    setConfirming(null);
    onDone();
  };

  const remove = async () => {
    await changeStatus.mutateAsync({ orderIds: selectedIds, status: 'Deleted' });
    setConfirming(null);
    onDone();
  };

  const refunded = async () => {
    if (!count) return;
    await refund.mutateAsync(selectedIds);
    onDone();
  };

  const restored = async () => {
    if (!count) return;
    await restore.mutateAsync(selectedIds);
    onDone();
  };

  const disabled = !count || isBusy;
  return (
    <fieldset className="bulk-actions">
      <legend className="visually-hidden">Bulk actions</legend>
      {abilities.canAssign && (
        <button type="button" className="btn btn-sm btn-primary" disabled={disabled} onClick={assignToMe}>
          Assign to me
        </button>
      )}
      {abilities.canRelease && (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={disabled}
          onClick={() => count && setConfirming('release')}
        >
          Move to Original Folder
        </button>
      )}
      {abilities.canRefund && (
        <button type="button" className="btn btn-sm btn-success" disabled={disabled} onClick={refunded}>
          Refunded it
        </button>
      )}
      {abilities.canRestore && (
        <button type="button" className="btn btn-sm btn-outline-success" disabled={disabled} onClick={restored}>
          Restore
        </button>
      )}
      {abilities.canDelete && (
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          disabled={disabled}
          onClick={() => count && setConfirming('delete')}
        >
          Delete Order
        </button>
      )}
      {count > 0 && (
        <span className="selection-count" aria-live="polite">
          {count.toLocaleString()} selected
        </span>
      )}
      <ConfirmDialog
        isOpen={confirming === 'release'}
        title="Move to Original Folder"
        message={RELEASE_QUESTION}
        isBusy={assign.isPending}
        onConfirm={release}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        isOpen={confirming === 'delete'}
        title="Delete Order"
        isBusy={changeStatus.isPending}
        onConfirm={remove}
        onCancel={() => setConfirming(null)}
      />
    </fieldset>
  );
}
