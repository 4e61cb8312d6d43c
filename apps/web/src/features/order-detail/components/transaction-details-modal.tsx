import { zodResolver } from '@hookform/resolvers/zod';
import { type OrderDetail, transactionDetailsInput } from '@nzeta/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Modal } from '../../../components/ui/modal';
import { PendingButton } from '../../../components/ui/pending-button';
import { TextField } from '../../../components/ui/text-field';
import { useSaveTransactionDetails } from '../api/save-transaction-details';

const transactionForm = transactionDetailsInput.pick({ transactionId: true, merchantName: true });
type TransactionValues = z.infer<typeof transactionForm>;

/** The card transaction a chargeback refers to, printed on the defence packs. */
export function TransactionDetailsModal({ order, onClose }: { order: OrderDetail; onClose(): void }) {
  const save = useSaveTransactionDetails();
  const form = useForm<TransactionValues>({
    resolver: zodResolver(transactionForm),
    defaultValues: { transactionId: order.transaction_id ?? '', merchantName: order.merchant_name ?? '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await save.mutateAsync({ ...values, orderId: order.order_id });
    if (answer.status === 1) onClose();
  });

  return (
    <Modal
      title="Enter Transaction Details"
      onClose={onClose}
      isBusy={save.isPending}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <PendingButton form="transaction-form" isPending={save.isPending} pendingLabel="Saving…">
            Save
          </PendingButton>
        </>
      }
    >
      <form id="transaction-form" onSubmit={onSubmit} noValidate>
        <TextField id="transaction-id" label="Transaction Id" autoComplete="off" form={form} name="transactionId" />
        <TextField
          id="merchant-name"
          label="Merchant Name"
          autoComplete="off"
          className="mb-0"
          form={form}
          name="merchantName"
        />
      </form>
    </Modal>
  );
}
