import type { DisputeReportGroup } from '@nzeta/domain';
import { useState } from 'react';
import { DayInput, keepWhole } from '../../../components/ui/day-input';
import { type DisputeReportRange, useDisputeReport } from '../api/get-dispute-report';
import '../../../styles/reports.css';

const rate = (r: number | null) => (r === null ? '-' : `${Math.round(r * 100)} %`);

function GroupTable({ title, keyLabel, groups }: { title: string; keyLabel: string; groups: DisputeReportGroup[] }) {
  return (
    <section className="card-panel mb-3" aria-label={title}>
      <h2 className="h6">{title}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways; keyboard users must reach it */}
      <div className="table-responsive" tabIndex={0}>
        <table className="table table-sm align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">{keyLabel}</th>
              <th scope="col" className="text-end">
                Disputes
              </th>
              <th scope="col" className="text-end">
                Won
              </th>
              <th scope="col" className="text-end">
                Lost
              </th>
              <th scope="col" className="text-end">
                Accepted
              </th>
              <th scope="col" className="text-end">
                Open
              </th>
              <th scope="col" className="text-end">
                Win rate
              </th>
              <th scope="col" className="text-end">
                Amount disputed
              </th>
              <th scope="col" className="text-end">
                Amount lost
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.length === 0 ? (
              <tr>
                <td colSpan={9} className="empty-row">
                  No record found
                </td>
              </tr>
            ) : (
              groups.map((g) => (
                <tr key={g.key}>
                  <th scope="row">{g.key}</th>
                  <td className="text-end">{g.disputes}</td>
                  <td className="text-end">{g.won}</td>
                  <td className="text-end">{g.lost}</td>
                  <td className="text-end">{g.accepted}</td>
                  <td className="text-end">{g.open}</td>
                  <td className="text-end">{rate(g.winRate)}</td>
                  <td className="text-end">{g.amountDisputed}</td>
                  <td className="text-end">{g.amountLost}</td>
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
      <div className="page-header">
        <h1 id="dispute-report-title">Disputes Report</h1>
      </div>
      <form className="d-flex flex-wrap gap-2 align-items-end mb-3" onSubmit={(event) => event.preventDefault()}>
        <div>
          <label className="form-label mb-0 d-block" htmlFor="dispute-report-from">
            Opened from
          </label>
          <DayInput
            id="dispute-report-from"
            className="form-control form-control-sm"
            value={range.from}
            onChange={(value) => setRange((r) => ({ ...r, from: keepWhole(r.from, value) }))}
          />
        </div>
        <div>
          <label className="form-label mb-0 d-block" htmlFor="dispute-report-to">
            to
          </label>
          <DayInput
            id="dispute-report-to"
            className="form-control form-control-sm"
            value={range.to}
            onChange={(value) => setRange((r) => ({ ...r, to: keepWhole(r.to, value) }))}
          />
        </div>
      </form>
      {report.isError && <div className="alert alert-danger">{report.error.message}</div>}
      {totals && (
        <ul className="dashboard-tiles list-unstyled d-flex flex-wrap gap-3 mb-3" aria-label="Totals">
          <li className="card-panel">
            <div className="h4 mb-0">{totals.disputes}</div>
            <div className="small text-body-secondary">Disputes</div>
          </li>
          <li className="card-panel">
            <div className="h4 mb-0">{rate(totals.winRate)}</div>
            <div className="small text-body-secondary">Win rate</div>
          </li>
          <li className="card-panel">
            <div className="h4 mb-0">{totals.amountDisputed}</div>
            <div className="small text-body-secondary">Amount disputed</div>
          </li>
          <li className="card-panel">
            <div className="h4 mb-0">{totals.amountLost}</div>
            <div className="small text-body-secondary">Amount lost</div>
          </li>
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
