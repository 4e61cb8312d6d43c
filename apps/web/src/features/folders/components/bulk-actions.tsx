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
  // In the spec's order; each shown only where the folder and the role allow it.
  const buttons = [
    { isShown: abilities.canAssign, label: 'Assign to me', className: 'btn-primary', onClick: assignToMe },
    {
      isShown: abilities.canRelease,
      label: 'Move to Original Folder',
      className: 'btn-outline-primary',
      onClick: () => count && setConfirming('release'),
    },
    { isShown: abilities.canRefund, label: 'Refunded it', className: 'btn-success', onClick: refunded },
    { isShown: abilities.canRestore, label: 'Restore', className: 'btn-outline-success', onClick: restored },
    {
      isShown: abilities.canDelete,
      label: 'Delete Order',
      className: 'btn-outline-danger',
      onClick: () => count && setConfirming('delete'),
    },
  ].filter((button) => button.isShown);
  return (
    <fieldset className="bulk-actions">
      <legend className="visually-hidden">Bulk actions</legend>
      {buttons.map(({ label, className, onClick }) => (
        <button key={label} type="button" className={`btn btn-sm ${className}`} disabled={disabled} onClick={onClick}>
          {label}
        </button>
      ))}
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
