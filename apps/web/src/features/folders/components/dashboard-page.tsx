import { COUNT_FIELDS, type FolderCounts, type FolderKey } from '@nzeta/domain';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/icon';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth-context';
import { useDueDisputes } from '../api/get-due-disputes';
import { useFolderCounts } from '../api/get-folder-counts';
import '../../../styles/folders.css';

const TILES: ReadonlyArray<{ folder: FolderKey; label: string; to: string; icon: IconName; tone: string }> = [
  { folder: 'myOrder', label: 'My Orders', to: paths.admin.myOrder, icon: 'user', tone: 'navy' },
  { folder: 'newOrder', label: 'New Orders', to: paths.admin.newOrder, icon: 'inbox', tone: 'blue' },
  { folder: 'priorityOrder', label: 'Priority Order', to: paths.admin.priorityOrder, icon: 'star', tone: 'amber' },
  { folder: 'pendingOrder', label: 'Pending Orders', to: paths.admin.pendingOrder, icon: 'clock', tone: 'violet' },
  { folder: 'completedOrder', label: 'Completed Orders', to: paths.admin.completedOrder, icon: 'check', tone: 'fern' },
];

/** The dashboard (SPEC §2.4): tiles with live counts, each opening its folder. */
export function DashboardPage() {
  const { user } = useAuth();
  const counts = useFolderCounts();
  const dueDisputes = useDueDisputes();
  return (
    <section aria-labelledby="dashboard-title">
      <div className="page-header">
        <h1 id="dashboard-title">Dashboard</h1>
        {user && <span className="text-muted">Welcome back, {user.name}</span>}
      </div>
      {counts.isError && <div className="alert alert-danger">{counts.error.message}</div>}
      <ul className="dashboard-tiles">
        {TILES.map((tile) => {
          const value = counts.data?.[COUNT_FIELDS[tile.folder] as keyof FolderCounts];
          return (
            <li key={tile.folder}>
              <Link to={tile.to} className={`dashboard-tile tone-${tile.tone}`}>
                <span className="dashboard-tile-icon">
                  <Icon name={tile.icon} size={26} />
                </span>
                <span className="dashboard-tile-body">
                  <span className="dashboard-tile-count" data-testid={`count-${tile.folder}`}>
                    {value === undefined ? '…' : value.toLocaleString()}
                  </span>
                  <span className="dashboard-tile-label">{tile.label}</span>
                </span>
              </Link>
            </li>
          );
        })}
        <li>
          <Link
            to={paths.admin.chargeBack}
            className={`dashboard-tile tone-${dueDisputes.data ? 'red' : 'navy'}`}
            aria-label="Disputes due in 3 days"
          >
            <span className="dashboard-tile-icon">
              <Icon name="card" size={26} />
            </span>
            <span className="dashboard-tile-body">
              <span className="dashboard-tile-count" data-testid="count-disputesDue">
                {dueDisputes.data === undefined ? '…' : dueDisputes.data.toLocaleString()}
              </span>
              <span className="dashboard-tile-label">Disputes due in 3 days</span>
            </span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
