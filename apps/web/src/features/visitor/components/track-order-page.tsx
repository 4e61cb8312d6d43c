import { zodResolver } from '@hookform/resolvers/zod';
import { parseOrderRef, type TrackOrderInput, trackOrderInput } from '@nzeta/domain';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
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
  if (parseOrderRef(ref) === undefined) return <InvalidOrderPage />;
  return <TrackOrderForm orderRef={ref} />;
}

function TrackOrderForm({ orderRef }: { orderRef: string }) {
  const navigate = useNavigate();
  const track = useTrackOrder();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TrackOrderInput>({
    resolver: zodResolver(trackOrderInput),
    defaultValues: { orderId: orderRef, email: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    const answer = await track.mutateAsync(input);
    if (answer.status === 1 && answer.data) {
      reset();
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
          registration={register('orderId')}
          error={errors.orderId?.message}
        />
        <TextField
          id="track-email"
          label="Email ID:"
          type="email"
          autoComplete="email"
          placeholder="Your Email"
          className="mb-4"
          registration={register('email')}
          error={errors.email?.message}
        />
        <button type="submit" className="btn btn-primary visitor-button" disabled={track.isPending}>
          {track.isPending ? 'Checking…' : 'TRACK ORDER'}
        </button>
      </form>
    </section>
  );
}
