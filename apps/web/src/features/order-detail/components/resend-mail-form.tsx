import { zodResolver } from '@hookform/resolvers/zod';
import { type MailProvider, type OrderDetail, uploadDocumentEmail } from '@nzeta/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/ui/text-field';
import { toast, toastError } from '../../../lib/toast';
import { useResendMail } from '../api/resend-mail';

type ResendValues = z.infer<typeof uploadDocumentEmail>;

/** The approval e-mail again, with the latest document, to the address typed here. */
export function ResendMailForm({ order }: { order: OrderDetail }) {
  const resend = useResendMail();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResendValues>({
    resolver: zodResolver(uploadDocumentEmail),
    defaultValues: { email: order.email ?? '' },
  });
  const send = (mailServiceProvider: MailProvider) =>
    handleSubmit(async ({ email }) => {
      try {
        const answer = await resend.mutateAsync({ orderId: order.order_id, email, mailServiceProvider });
        toast.success(answer.message);
      } catch (error) {
        toastError(error);
      }
    });

  return (
    <form className="resend-form" noValidate onSubmit={(event) => event.preventDefault()}>
      <TextField
        id="resend-email"
        label="Email"
        type="email"
        autoComplete="off"
        className="resend-email"
        registration={register('email')}
        error={errors.email?.message}
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
    </form>
  );
}
