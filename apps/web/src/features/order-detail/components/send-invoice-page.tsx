import { zodResolver } from '@hookform/resolvers/zod';
import { sendInvoiceForm } from '@nzeta/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PendingButton } from '../../../components/ui/pending-button';
import { TextField } from '../../../components/ui/text-field';
import '../../../styles/order-detail.css';
import { PageHeader } from '../../../components/ui/page-header';
import { useSendInvoice } from '../api/send-invoice';

type SendInvoiceValues = z.input<typeof sendInvoiceForm>;

/** Manage Invoices (SPEC §2.10): one order id, and the invoice PDF goes to the customer by e-mail. */
export function SendInvoicePage() {
  const send = useSendInvoice();
  const form = useForm<SendInvoiceValues>({ resolver: zodResolver(sendInvoiceForm), defaultValues: { orderId: '' } });

  const onSubmit = form.handleSubmit(async ({ orderId }) => {
    const answer = await send.mutateAsync({ orderId });
    if (answer.status === 1) form.reset();
  });

  return (
    <div className="send-invoice-page">
      <PageHeader title="Manage Invoices" />
      <section className="card-panel send-invoice-card" aria-labelledby="send-invoice-title">
        <h2 id="send-invoice-title">Send Invoice</h2>
        <p className="text-muted">
          The invoice (order, applicant, service, amount and payment date) is e-mailed as a PDF to the address on the
          order.
        </p>
        <form onSubmit={onSubmit} noValidate className="send-invoice-form">
          <TextField
            id="invoice-order-id"
            label="Order ID"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 100245"
            className="send-invoice-field"
            form={form}
            name="orderId"
          />
          <PendingButton
            className="btn btn-primary send-invoice-button"
            isPending={send.isPending}
            pendingLabel="Sending…"
          >
            Send Invoice
          </PendingButton>
        </form>
      </section>
    </div>
  );
}
