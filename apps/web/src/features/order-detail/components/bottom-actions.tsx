import { canPrepareDefence, type OrderDetail } from '@nzeta/domain';
import { useState } from 'react';
import type { PackType } from '../api/get-defence-pack';
import { DefencePackModal } from './defence-pack-modal';
import { EmailContentModal } from './email-content-modal';
import { TransactionDetailsModal } from './transaction-details-modal';

type OpenModal = { kind: 'email' } | { kind: 'pack'; pack: PackType } | { kind: 'transaction' } | null;

/** 'View Email Content' always; defence packs and transaction details only in a dispute status. */
export function BottomActions({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState<OpenModal>(null);
  const close = () => setOpen(null);
  const isDispute = canPrepareDefence(order.process_status);

  return (
    <div className="bottom-actions">
      <button type="button" className="btn btn-primary" onClick={() => setOpen({ kind: 'email' })}>
        View Email Content
      </button>
      {isDispute && (
        <>
          <button type="button" className="btn btn-outline-primary" onClick={() => setOpen({ kind: 'pack', pack: 1 })}>
            Defence Pack 1
          </button>
          <button type="button" className="btn btn-outline-primary" onClick={() => setOpen({ kind: 'pack', pack: 2 })}>
            Defence Pack 2
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setOpen({ kind: 'transaction' })}>
            Enter Transaction Details
          </button>
        </>
      )}
      {open?.kind === 'email' && <EmailContentModal orderId={order.order_id} onClose={close} />}
      {open?.kind === 'pack' && <DefencePackModal orderId={order.order_id} pack={open.pack} onClose={close} />}
      {open?.kind === 'transaction' && <TransactionDetailsModal order={order} onClose={close} />}
    </div>
  );
}
