import { DISPUTE_NETWORKS, type DisputeNetwork, disputeInput, REASON_CODES } from '@nzeta/domain';
import { useId, useState } from 'react';
import { DayInput } from '../../../../components/ui/day-input';
import { Field } from '../../../../components/ui/field';
import { Modal } from '../../../../components/ui/modal';
import { toast } from '../../../../lib/toast';
import { useChangeOrderStatus } from '../../api/change-order-status';
import { useSaveDispute } from '../../api/dispute';

/**
 * 'Move to ChargeBack' asks for what the desk needs from the start: the respond-by date, the card
 * network and the reason. The move keeps the spec's change-order-status payload; the dispute is
 * saved right after it with PUT /admin/orders/{orderId}/dispute (docs/decisions.md).
 */
export function ChargebackMoveDialog({ orderId, onClose }: { orderId: number; onClose(): void }) {
  const change = useChangeOrderStatus('errors');
  const save = useSaveDispute('errors');
  const [network, setNetwork] = useState<DisputeNetwork>('Visa');
  const [reasonCode, setReasonCode] = useState('');
  const [respondBy, setRespondBy] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listId = useId();
  const isBusy = change.isPending || save.isPending;

  const submit = async () => {
    const values = { network, reasonCode, respondBy, state: 'needs_response' as const };
    if (!respondBy) return setError('Please enter the respond-by date.');
    const parsed = disputeInput.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the dispute.');
    // One success toast for both calls; either refusal is toasted by its mutation.
    const moved = await change.mutateAsync({ orderId, updatingStatus: 'ChargeBack' });
    if (moved.status !== 1) return;
    const saved = await save.mutateAsync({ orderId, values });
    if (saved.status !== 1) return;
    toast.success(`Order moved to ChargeBack. ${saved.message}`);
    onClose();
  };

  return (
    <Modal
      title="Move to ChargeBack"
      onClose={onClose}
      isBusy={isBusy}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={isBusy}>
            Cancel
          </button>
          <button type="submit" form={`${listId}-form`} className="btn btn-danger" disabled={isBusy}>
            Move to ChargeBack
          </button>
        </>
      }
    >
      <form
        id={`${listId}-form`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="text-body-secondary small">The deadline and reason start the dispute on the Charge Back queue.</p>
        <Field id={`${listId}-respond-by`} label="Respond by">
          <DayInput
            id={`${listId}-respond-by`}
            className="form-control"
            value={respondBy}
            required
            onChange={setRespondBy}
          />
        </Field>
        <Field id={`${listId}-network`} label="Card network">
          <select
            id={`${listId}-network`}
            className="form-select"
            value={network}
            onChange={(event) => setNetwork(event.target.value as DisputeNetwork)}
          >
            {DISPUTE_NETWORKS.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </Field>
        <Field id={`${listId}-reason`} label="Reason code" className="mb-2">
          <input
            id={`${listId}-reason`}
            className="form-control"
            list={`${listId}-codes`}
            value={reasonCode}
            placeholder="e.g. 13.1, or the bank's own words"
            onChange={(event) => setReasonCode(event.target.value)}
          />
          <ReasonCodeList id={`${listId}-codes`} network={network} />
        </Field>
        {error && (
          <div className="alert alert-danger py-2 mb-0" role="alert">
            {error}
          </div>
        )}
      </form>
    </Modal>
  );
}

/** The common codes of the network with their meaning; any other code may be typed. */
export function ReasonCodeList({ id, network }: { id: string; network: string }) {
  return (
    <datalist id={id}>
      {REASON_CODES.filter((r) => r.network === network || network === 'Other').map((r) => (
        <option key={`${r.network}-${r.code}`} value={r.code}>
          {`${r.network} ${r.code} – ${r.meaning}`}
        </option>
      ))}
    </datalist>
  );
}
