import { COUNT_FIELDS, DASHBOARD_QUEUES } from '@nzeta/domain';
import { useQuery } from '@tanstack/react-query';
import { useAppConfig } from '../../../lib/app-config';
import { useAuth } from '../../../lib/auth-context';
import { folderCountsQuery } from '../../../lib/folder-counts';
import '../../../styles/console.css';
import { formatDateTimeZoned } from '@nzeta/domain/format';
import { useDashboard } from '../api/get-dashboard';
import { DASHBOARD_PANELS } from './dashboard-panels';
import { DisputesDueCard } from './disputes-due-card';
import { QueueCard } from './queue-card';

/**
 * The dashboard (SPEC §2.4 tiles, plus what a team lead needs): every work queue with its size,
 * the age of its oldest order and that order's service-level clock; then panels (throughput,
 * failing deliveries, and any a feature adds to DASHBOARD_PANELS). Live through the event stream.
 */
export function DashboardPage() {
  const { user } = useAuth();
  const { businessTimeZone } = useAppConfig();
  const dashboard = useDashboard();
  // The folder counts the menu already holds (same query): the Completed tile reads them.
  const counts = useQuery(folderCountsQuery);
  const data = dashboard.data;
  const completed = counts.data?.[COUNT_FIELDS.completedOrder];
  return (
    <section aria-labelledby="dashboard-title" className="dashboard">
      <div className="page-header">
        <div>
          <h1 id="dashboard-title">Dashboard</h1>
          {user && <p className="page-subtitle">Welcome back, {user.name}</p>}
        </div>
        <span className="live-note" aria-live="polite">
          <span className="live-dot" aria-hidden="true" />
          {data ? `Live · updated ${formatDateTimeZoned(data.generatedAt, businessTimeZone)}` : 'Loading…'}
        </span>
      </div>
      {dashboard.isError && <div className="alert alert-danger">{dashboard.error.message}</div>}
      <h2 className="dashboard-section-title">Work queues</h2>
      <ul className="queue-grid">
        {(data?.queues ?? placeholderQueues()).map((queue) => (
          <li key={queue.folder}>
            <QueueCard queue={queue} isLoading={!data} />
          </li>
        ))}
        <li>
          <QueueCard
            queue={{ folder: 'completedOrder', count: completed ?? 0, oldestAt: null, oldestDueAt: null }}
            isLoading={completed === undefined}
            isDone
          />
        </li>
        <li>
          <DisputesDueCard />
        </li>
      </ul>
      <div className="dashboard-panels">
        {DASHBOARD_PANELS.map(({ id, Panel }) => (
          <Panel key={id} data={data} timeZone={businessTimeZone} />
        ))}
      </div>
    </section>
  );
}

function placeholderQueues() {
  return DASHBOARD_QUEUES.map((folder) => ({ folder, count: 0, oldestAt: null, oldestDueAt: null }));
}
