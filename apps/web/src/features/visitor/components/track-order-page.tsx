import { zodResolver } from '@hookform/resolvers/zod';
import { parseOrderRef, type TrackOrderInput, trackOrderForm } from '@nzeta/domain';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { PendingButton } from '../../../components/ui/pending-button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import '../../../styles/visitor.css';
import { useTrackOrder } from '../api/track-order';
import { storeVisitorToken } from '../visitor-session';
import { InvalidOrderPage } from './invalid-order-page';
import { usePageTitle } from './use-page-title';

/** '/track-order/{orderId}' (SPEC §2.14): the visitor proves the order is theirs with its e-mail. */
export function TrackOrderPage() {
  const { orderId: ref = '' } = useParams();
  usePageTitle('Track your order');
  // The link may carry the encoded id (SPEC §2.14): the field shows the order number it stands for.
  const orderId = parseOrderRef(ref);
  if (orderId === undefined) return <InvalidOrderPage />;
  return <TrackOrderForm orderId={orderId} key={orderId} />;
}

function TrackOrderForm({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  const track = useTrackOrder();
  const form = useForm<TrackOrderInput>({
    resolver: zodResolver(trackOrderForm),
    defaultValues: { orderId: String(orderId), email: '' },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    const answer = await track.mutateAsync(input);
    if (answer.status === 1 && answer.data) {
      form.reset();
      // Visitor toasts stay until closed: an earlier "not found" must not linger beside the success.
      toast.dismiss();
      toast.success(answer.message);
      storeVisitorToken(answer.data.orderId, answer.data.token);
      navigate(paths.visitor.orderDetails(answer.data.orderId));
      return;
    }
    toast.error(answer.message || 'We could not check your order. Please try again.');
  });

  return (
    <section className="visitor-card track-card" aria-labelledby="track-heading">
      <h1 id="track-heading" className="visitor-heading">
        Please enter the e-mail address you used on your application to download your travel declaration.
      </h1>
      <p className="visitor-lead">
        For your security we only show the document after checking the e-mail address on the order.
      </p>
      <form onSubmit={onSubmit} noValidate className="track-form">
        <TextField
          id="track-order-id"
          label="Order ID:"
          inputMode="text"
          autoComplete="off"
          form={form}
          name="orderId"
        />
        <TextField
          id="track-email"
          label="Email ID:"
          type="email"
          autoComplete="email"
          placeholder="Your Email"
          className="mb-4"
          form={form}
          name="email"
        />
        <PendingButton className="btn btn-primary visitor-button" isPending={track.isPending} pendingLabel="Checking…">
          TRACK ORDER
        </PendingButton>
      </form>
    </section>
  );
}
