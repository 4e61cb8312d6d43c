import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { paths } from '../../../config/paths';
import { useDueDisputes } from '../api/get-due-disputes';

/** Open chargeback disputes to answer within 3 days (overdue included), opening Charge Back. */
export function DisputesDueCard() {
  const due = useDueDisputes();
  const count = due.data;
  return (
    <div className={`queue-card${count === 0 ? ' is-empty' : ''}${count ? ' is-alert' : ''}`}>
      <Link to={paths.admin.chargeBack} className="queue-card-main">
        <span className="queue-card-icon icon-chargeBack">
          <Icon name="dispute" size={20} />
        </span>
        <span className="queue-card-label">Disputes due in 3 days</span>
        <span className="queue-card-count" data-testid="count-disputesDue">
          {count === undefined ? '…' : count.toLocaleString()}
        </span>
      </Link>
      <div className="queue-card-foot">
        <span className="text-muted">{count ? 'Respond before the deadline' : 'Nothing due soon'}</span>
      </div>
    </div>
  );
}
