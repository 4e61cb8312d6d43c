import type { OrderDetail } from '@nzeta/domain';
import '../../../../styles/chargeback.css';
import { useChargebackEvidence, useDispute } from '../../api/dispute';
import { Section } from '../section';
import { BundleCard } from './bundle-card';
import { DeliveryProof } from './delivery-proof';
import { DisputeForm } from './dispute-form';
import { EvidenceChecklist } from './evidence-checklist';

/**
 * Everything a chargeback handler needs in one place (issue: Stripe's dispute screen, with the
 * evidence this product already holds): the dispute, the checklist, the transaction, the
 * delivery proof, the packs and the bundle for the card network.
 */
export function ChargebackPanel({ order }: { order: OrderDetail }) {
  const dispute = useDispute(order.order_id);
  const evidence = useChargebackEvidence(order.order_id);
  return (
    <Section id="chargeback" title="Chargeback" className="chargeback-panel">
      <div className="chargeback-grid">
        <div className="chargeback-col">
          {dispute.isError && <div className="alert alert-danger">{dispute.error.message}</div>}
          {dispute.data ? (
            <DisputeForm key={`${dispute.data.state}-${dispute.dataUpdatedAt}`} dispute={dispute.data} />
          ) : (
            !dispute.isError && <p className="text-body-secondary">Loading the dispute…</p>
          )}
        </div>
        <div className="chargeback-col">
          {evidence.isError && <div className="alert alert-danger">{evidence.error.message}</div>}
          {evidence.data ? (
            <>
              <EvidenceChecklist checks={evidence.data.checklist} />
              <BundleCard orderId={order.order_id} summary={evidence.data.bundle} />
              <DeliveryProof evidence={evidence.data} />
            </>
          ) : (
            !evidence.isError && <p className="text-body-secondary">Gathering the evidence…</p>
          )}
        </div>
      </div>
    </Section>
  );
}
