import { zodResolver } from '@hookform/resolvers/zod';
import { type OrderDetail, transactionDetailsInput } from '@nzeta/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useSaveTransactionDetails } from '../api/save-transaction-details';

const transactionForm = transactionDetailsInput.pick({ transactionId: true, merchantName: true });
type TransactionValues = z.infer<typeof transactionForm>;

/** The card transaction a chargeback refers to, printed on the defence packs. */
export function TransactionDetailsModal({ order, onClose }: { order: OrderDetail; onClose(): void }) {
  const save = useSaveTransactionDetails();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TransactionValues>({
    resolver: zodResolver(transactionForm),
    defaultValues: { transactionId: order.transaction_id ?? '', merchantName: order.merchant_name ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
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
          <button type="submit" form="transaction-form" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form id="transaction-form" onSubmit={onSubmit} noValidate>
        <TextField
          id="transaction-id"
          label="Transaction Id"
          autoComplete="off"
          registration={register('transactionId')}
          error={errors.transactionId?.message}
        />
        <TextField
          id="merchant-name"
          label="Merchant Name"
          autoComplete="off"
          registration={register('merchantName')}
          error={errors.merchantName?.message}
          className="mb-0"
        />
      </form>
    </Modal>
  );
}
