import type { DisputeReportGroup } from '@nzeta/domain';
import { type ReactNode, useState } from 'react';
import { DayRangeFields } from '../../../components/ui/day-input';
import { TableHead } from '../../../components/ui/table-head';
import { type DisputeReportRange, useDisputeReport } from '../api/get-dispute-report';
import '../../../styles/reports.css';
import { PageHeader } from '../../../components/ui/page-header';

const rate = (r: number | null) => (r === null ? '-' : `${Math.round(r * 100)} %`);

/** The columns after the group's name; the tiles above the tables show the marked ones for all groups. */
const COLUMNS: { label: string; cell(group: DisputeReportGroup): ReactNode; isTotal?: boolean }[] = [
  { label: 'Disputes', cell: (g) => g.disputes, isTotal: true },
  { label: 'Won', cell: (g) => g.won },
  { label: 'Lost', cell: (g) => g.lost },
  { label: 'Accepted', cell: (g) => g.accepted },
  { label: 'Open', cell: (g) => g.open },
  { label: 'Win rate', cell: (g) => rate(g.winRate), isTotal: true },
  { label: 'Amount disputed', cell: (g) => g.amountDisputed, isTotal: true },
  { label: 'Amount lost', cell: (g) => g.amountLost, isTotal: true },
];

function GroupTable({ title, keyLabel, groups }: { title: string; keyLabel: string; groups: DisputeReportGroup[] }) {
  return (
    <section className="card-panel mb-3" aria-label={title}>
      <h2 className="h6">{title}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways; keyboard users must reach it */}
      <div className="table-responsive" tabIndex={0}>
        <table className="table table-sm align-middle mb-0">
          <TableHead columns={[keyLabel, ...COLUMNS.map(({ label }) => ({ label, className: 'text-end' }))]} />
          <tbody>
            {groups.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length + 1} className="empty-row">
                  No record found
                </td>
              </tr>
            ) : (
              groups.map((g) => (
                <tr key={g.key}>
                  <th scope="row">{g.key}</th>
                  {COLUMNS.map(({ label, cell }) => (
                    <td key={label} className="text-end">
                      {cell(g)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** '/admin/dispute-report': how chargebacks go, for Admin and Manager. */
export function DisputeReportPage() {
  const [range, setRange] = useState<DisputeReportRange>({ from: '', to: '' });
  const report = useDisputeReport(range);
  const totals = report.data?.totals;
  return (
    <section aria-labelledby="dispute-report-title">
      <PageHeader title="Disputes Report" id="dispute-report-title" />
      <form className="d-flex flex-wrap gap-2 align-items-end mb-3" onSubmit={(event) => event.preventDefault()}>
        <DayRangeFields
          id="dispute-report"
          labels={{ from: 'Opened from', to: 'to' }}
          range={range}
          onChange={(patch) => setRange((r) => ({ ...r, ...patch }))}
          isCompact
        />
      </form>
      {report.isError && <div className="alert alert-danger">{report.error.message}</div>}
      {totals && (
        <ul className="dashboard-tiles list-unstyled d-flex flex-wrap gap-3 mb-3" aria-label="Totals">
          {COLUMNS.filter(({ isTotal }) => isTotal).map(({ label, cell }) => (
            <li key={label} className="card-panel">
              <div className="h4 mb-0">{cell(totals)}</div>
              <div className="small text-body-secondary">{label}</div>
            </li>
          ))}
        </ul>
      )}
      {report.data && (
        <>
          <GroupTable title="Per month" keyLabel="Month" groups={report.data.byMonth} />
          <GroupTable title="By network" keyLabel="Network" groups={report.data.byNetwork} />
          <GroupTable title="By reason" keyLabel="Reason" groups={report.data.byReason} />
        </>
      )}
    </section>
  );
}
