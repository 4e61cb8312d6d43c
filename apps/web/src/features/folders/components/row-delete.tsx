import type { FolderOrderRow } from '@nzeta/domain';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useChangeOrderStatus } from '../api/change-order-status';

/** The row Delete's confirmation: a soft delete, no permanent flag (SPEC §4). */
export function RowDelete({ order, onClose }: { order: FolderOrderRow | null; onClose(): void }) {
  const changeStatus = useChangeOrderStatus();
  const confirm = async () => {
    if (!order) return;
    await changeStatus.mutateAsync({ orderIds: [order.order_id], status: 'Deleted' });
    onClose();
  };
  return (
    <ConfirmDialog
      isOpen={order !== null}
      title={order ? `Delete order ${order.order_id}` : 'Delete order'}
      isBusy={changeStatus.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
