import { ageOf, type QueueAgeing } from '@nzeta/domain';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { SlaBadge } from '../../../components/ui/sla-badge';
import { FOLDER_LINKS } from '../../../config/folders';

/** One work queue: its size, how old its oldest order is, and whether that one is on time. */
export function QueueCard({ queue, isLoading, isDone }: { queue: QueueAgeing; isLoading: boolean; isDone?: boolean }) {
  const link = FOLDER_LINKS[queue.folder];
  const sortedBySla = `${link.to}?sort=sla`;
  return (
    <div className={`queue-card${queue.count === 0 && !isLoading ? ' is-empty' : ''}`}>
      <Link to={link.to} className="queue-card-main">
        <span className={`queue-card-icon icon-${queue.folder}`}>
          <Icon name={link.icon} size={20} />
        </span>
        <span className="queue-card-label">{link.label}</span>
        <span className="queue-card-count" data-testid={`count-${queue.folder}`}>
          {isLoading ? '…' : queue.count.toLocaleString()}
        </span>
      </Link>
      <div className="queue-card-foot">
        {isDone ? (
          <span className="text-muted">Delivered to customers</span>
        ) : queue.oldestAt ? (
          <>
            <span>
              Oldest <strong>{ageOf(queue.oldestAt)}</strong>
            </span>
            <SlaBadge dueAt={queue.oldestDueAt} />
            {queue.oldestDueAt && (
              <Link to={sortedBySla} className="queue-card-sort" aria-label={`${link.label}: breaching soon first`}>
                Breaching soon
              </Link>
            )}
          </>
        ) : (
          <span className="text-muted">{isLoading ? '' : 'Nothing waiting'}</span>
        )}
      </div>
    </div>
  );
}
