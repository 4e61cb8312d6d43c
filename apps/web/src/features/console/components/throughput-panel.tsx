import { TableHead } from '../../../components/ui/table-head';
import type { DashboardPanelProps } from './dashboard-panels';

const COLUMNS = ['Member', { label: 'Today', className: 'num' }, { label: 'This week', className: 'num' }];

/** Orders each member has processed (delivered) today and this week. */
export function ThroughputPanel({ data }: DashboardPanelProps) {
  const rows = data?.throughput ?? [];
  const total = rows.reduce((sum, row) => ({ today: sum.today + row.today, week: sum.week + row.week }), {
    today: 0,
    week: 0,
  });
  return (
    <section className="card-panel dashboard-panel" aria-labelledby="throughput-title">
      <header className="dashboard-panel-head">
        <h2 id="throughput-title">Processed by member</h2>
        <span className="text-muted small">
          {total.today.toLocaleString()} today · {total.week.toLocaleString()} this week
        </span>
      </header>
      {!data ? (
        <p className="text-muted mb-0">Loading...</p>
      ) : rows.length === 0 ? (
        <p className="text-muted mb-0">Nothing processed this week yet.</p>
      ) : (
        <table className="table table-sm mb-0 dashboard-table">
          <TableHead columns={COLUMNS} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <td>{row.name}</td>
                <td className="num">{row.today.toLocaleString()}</td>
                <td className="num">
                  <span className="bar" style={{ width: `${Math.round((row.week / (rows[0]?.week || 1)) * 60)}px` }} />
                  {row.week.toLocaleString()}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
