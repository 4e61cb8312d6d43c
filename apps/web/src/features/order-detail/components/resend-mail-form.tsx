import { zodResolver } from '@hookform/resolvers/zod';
import { type MailProvider, type OrderDetail, uploadDocumentEmail } from '@nzeta/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useResendMail } from '../api/resend-mail';
import { useOrderActions } from '../hooks/use-order-actions';
import { useComplaintConfirmation } from './use-complaint-confirmation';

type ResendValues = z.infer<typeof uploadDocumentEmail>;

/** The approval e-mail again, with the latest document, to the address typed here. */
/** Shown only where the transition table allows mail (never for Deleted or erased orders). */
export function ResendMailForm({ order }: { order: OrderDetail }) {
  const allowed = useOrderActions(order);
  return allowed('resend') ? <ResendMailFormFields order={order} /> : null;
}

function ResendMailFormFields({ order }: { order: OrderDetail }) {
  const resend = useResendMail(false);
  const complaint = useComplaintConfirmation();
  const form = useForm<ResendValues>({
    resolver: zodResolver(uploadDocumentEmail),
    defaultValues: { email: order.email ?? '' },
  });
  const send = (mailServiceProvider: MailProvider) =>
    form.handleSubmit(({ email }) =>
      complaint.attempt((confirmComplained) =>
        resend.mutateAsync({ orderId: order.order_id, email, mailServiceProvider, confirmComplained }),
      ),
    );

  return (
    <form className="resend-form" noValidate onSubmit={(event) => event.preventDefault()}>
      <TextField
        id="resend-email"
        label="Email"
        type="email"
        autoComplete="off"
        className="resend-email"
        form={form}
        name="email"
      />
      <div className="resend-buttons">
        <button type="button" className="btn btn-primary" disabled={resend.isPending} onClick={send('AWS')}>
          Resend Mail(AWS)
        </button>
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={resend.isPending}
          onClick={send('Sendgrid')}
        >
          Resend Mail(Sendgrid)
        </button>
      </div>
      <ConfirmDialog {...complaint.dialog} isBusy={resend.isPending} />
    </form>
  );
}
