import { zodResolver } from '@hookform/resolvers/zod';
import { addRemarkInput, type OrderDetail } from '@nzeta/domain';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useAuth } from '../../../lib/auth-context';
import { useAddRemark } from '../api/add-remark';
import { useOrderActions } from '../hooks/use-order-actions';
import { Section } from './section';

const FLAGS = [
  { name: 'whatsapp', label: 'Whatsapp' },
  { name: 'telephone', label: 'Telephone' },
  { name: 'statusRefund', label: 'Refund' },
  { name: 'voided', label: 'Voided' },
  { name: 'chargeBack', label: 'Chargeback' },
  { name: 'reportError', label: 'ReportError' },
] as const;

const commentForm = z.object({
  remark: addRemarkInput.shape.remark,
  whatsapp: z.boolean(),
  telephone: z.boolean(),
  statusRefund: z.boolean(),
  voided: z.boolean(),
  chargeBack: z.boolean(),
  reportError: z.boolean(),
});
type CommentValues = z.infer<typeof commentForm>;
const EMPTY: CommentValues = {
  remark: '',
  whatsapp: false,
  telephone: false,
  statusRefund: false,
  voided: false,
  chargeBack: false,
  reportError: false,
};

/** 'Add Comment Below': a remark with optional flags ('Y' when ticked); the status moves sit in the order's action bar. */
export function CommentForm({ order }: { order: OrderDetail }) {
  const allowed = useOrderActions(order);
  // An erased order is read-only: no comment, no move (DESIGN §2).
  return allowed('comment') ? <CommentFormFields order={order} /> : null;
}

function CommentFormFields({ order }: { order: OrderDetail }) {
  const { user } = useAuth();
  const addRemark = useAddRemark();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CommentValues>({ resolver: zodResolver(commentForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    const flag = (ticked: boolean) => (ticked ? 'Y' : undefined);
    const answer = await addRemark.mutateAsync({
      orderId: order.order_id,
      remark: values.remark,
      remarkerName: user?.name,
      whatsapp: flag(values.whatsapp),
      telephone: flag(values.telephone),
      statusRefund: flag(values.statusRefund),
      voided: flag(values.voided),
      chargeBack: flag(values.chargeBack),
      reportError: flag(values.reportError),
    });
    if (answer.status === 1) reset(EMPTY);
  });

  return (
    <Section id="add-comment" title="Add Comment Below">
      <form onSubmit={onSubmit} noValidate className="comment-form">
        <label htmlFor="comment-remark" className="form-label">
          Remark
        </label>
        <textarea
          id="comment-remark"
          rows={3}
          className={`form-control${errors.remark ? ' is-invalid' : ''}`}
          aria-invalid={errors.remark ? true : undefined}
          aria-describedby={errors.remark ? 'comment-remark-error' : undefined}
          placeholder="What happened with this order?"
          {...register('remark')}
        />
        {errors.remark && (
          <div id="comment-remark-error" className="invalid-feedback">
            {errors.remark.message}
          </div>
        )}
        <fieldset className="comment-flags">
          <legend className="visually-hidden">Flags</legend>
          {FLAGS.map((flag) => (
            <div className="form-check form-check-inline" key={flag.name}>
              <input id={`flag-${flag.name}`} type="checkbox" className="form-check-input" {...register(flag.name)} />
              <label htmlFor={`flag-${flag.name}`} className="form-check-label">
                {flag.label}
              </label>
            </div>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={addRemark.isPending}>
          {addRemark.isPending ? 'Saving…' : 'Add Comment'}
        </button>
      </form>
    </Section>
  );
}
