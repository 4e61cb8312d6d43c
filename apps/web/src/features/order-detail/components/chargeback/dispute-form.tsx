import {
  can,
  DISPUTE_NETWORKS,
  DISPUTE_STATE_LABELS,
  DISPUTE_STATES,
  type DisputeNetwork,
  type DisputeRecord,
  type DisputeState,
  disputeInput,
  isDisputeOutcome,
  reasonCodeLabel,
} from '@nzeta/domain';
import { type ReactNode, useId, useState } from 'react';
import { DayInput } from '../../../../components/ui/day-input';
import { DeadlineBadge } from '../../../../components/ui/deadline-badge';
import { useAuth } from '../../../../lib/auth-context';
import { useSaveDispute } from '../../api/dispute';
import { ReasonCodeList } from './chargeback-move-dialog';

type Values = {
  network: DisputeNetwork;
  reasonCode: string;
  amount: string;
  currency: string;
  openedAt: string;
  respondBy: string;
  state: DisputeState;
  outcomeAt: string;
  notes: string;
};

const fromRecord = (d: DisputeRecord): Values => ({
  network: d.network,
  reasonCode: d.reasonCode ?? '',
  amount: d.amount ?? '',
  currency: d.currency ?? '',
  openedAt: d.openedAt ?? '',
  respondBy: d.respondBy ?? '',
  state: d.state,
  outcomeAt: d.outcomeAt ?? '',
  notes: d.notes ?? '',
});

/** The dispute's fields; outcomes (won, lost, accepted) are offered to Admin and Manager only. */
export function DisputeForm({ dispute }: { dispute: DisputeRecord }) {
  const { role } = useAuth();
  const save = useSaveDispute();
  const [values, setValues] = useState<Values>(() => fromRecord(dispute));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const canDecide = can(role, 'disputes.outcome');
  const isLocked = isDisputeOutcome(dispute.state) && !canDecide;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    const parsed = disputeInput.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the dispute.');
    setError(null);
    await save.mutateAsync({ orderId: dispute.orderId, values });
  };

  const field = (key: keyof Values, label: string, input: ReactNode) => (
    <div className="col-sm-6">
      <label className="form-label small mb-1" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      {input}
    </div>
  );
  const day = (key: 'openedAt' | 'respondBy' | 'outcomeAt') => (
    <DayInput
      id={`${id}-${key}`}
      className="form-control form-control-sm"
      value={values[key]}
      disabled={isLocked}
      onChange={(value) => set(key, value)}
    />
  );
  const text = (key: keyof Values) => (
    <input
      id={`${id}-${key}`}
      type="text"
      className="form-control form-control-sm"
      value={values[key]}
      disabled={isLocked}
      onChange={(event) => set(key, event.target.value as never)}
    />
  );

  return (
    <form
      className="chargeback-block"
      aria-label="Dispute"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="chargeback-heading">
        Dispute <DeadlineBadge respondBy={dispute.respondBy} />{' '}
        {!dispute.isRecorded && <span className="badge text-bg-warning">not recorded yet</span>}
      </h3>
      <p className="small text-body-secondary mb-2">{reasonCodeLabel(dispute.reasonCode, dispute.network)}</p>
      <div className="row g-2">
        {field(
          'network',
          'Card network',
          <select
            id={`${id}-network`}
            className="form-select form-select-sm"
            value={values.network}
            disabled={isLocked}
            onChange={(event) => set('network', event.target.value as DisputeNetwork)}
          >
            {DISPUTE_NETWORKS.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>,
        )}
        {field(
          'reasonCode',
          'Reason code',
          <>
            <input
              id={`${id}-reasonCode`}
              className="form-control form-control-sm"
              list={`${id}-codes`}
              value={values.reasonCode}
              disabled={isLocked}
              onChange={(event) => set('reasonCode', event.target.value)}
            />
            <ReasonCodeList id={`${id}-codes`} network={values.network} />
          </>,
        )}
        {field('amount', 'Amount disputed', text('amount'))}
        {field('currency', 'Currency', text('currency'))}
        {field('openedAt', 'Opened', day('openedAt'))}
        {field('respondBy', 'Respond by', day('respondBy'))}
        {field(
          'state',
          'State',
          <select
            id={`${id}-state`}
            className="form-select form-select-sm"
            value={values.state}
            disabled={isLocked}
            onChange={(event) => set('state', event.target.value as DisputeState)}
          >
            {DISPUTE_STATES.map((s) => (
              <option key={s} value={s} disabled={isDisputeOutcome(s) && !canDecide}>
                {DISPUTE_STATE_LABELS[s]}
                {isDisputeOutcome(s) && !canDecide ? ' (Admin or Manager)' : ''}
              </option>
            ))}
          </select>,
        )}
        {field('outcomeAt', 'Outcome date', day('outcomeAt'))}
        <div className="col-12">
          <label className="form-label small mb-1" htmlFor={`${id}-notes`}>
            Notes
          </label>
          <textarea
            id={`${id}-notes`}
            className="form-control form-control-sm"
            rows={2}
            value={values.notes}
            disabled={isLocked}
            onChange={(event) => set('notes', event.target.value)}
          />
        </div>
      </div>
      {values.state === 'lost' && dispute.state !== 'lost' && (
        <p className="small text-danger mt-2 mb-0">Saving a lost dispute moves the order to Refunds.</p>
      )}
      {error && (
        <div className="alert alert-danger py-2 mt-2 mb-0" role="alert">
          {error}
        </div>
      )}
      <button type="submit" className="btn btn-primary btn-sm mt-2" disabled={save.isPending || isLocked}>
        Save dispute
      </button>
    </form>
  );
}
