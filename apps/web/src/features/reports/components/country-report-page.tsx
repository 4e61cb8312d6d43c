import type { CountryReportRow } from '@nzeta/domain';
import { ReportChart } from './report-chart';
import { ReportScreen } from './report-screen';
import { type ReportColumn, ReportTable } from './report-table';

const sum = (pick: (row: CountryReportRow) => number) => (rows: CountryReportRow[]) =>
  rows.reduce((total, row) => total + pick(row), 0);

const COLUMNS: ReportColumn<CountryReportRow>[] = [
  { header: 'State/Territory', cell: (row) => row.nationality },
  { header: 'Order Count', cell: (row) => row.count.toLocaleString(), isNumber: true, total: sum((r) => r.count) },
  {
    header: 'Standard Processing',
    cell: (row) => row.standard_count.toLocaleString(),
    isNumber: true,
    total: sum((r) => r.standard_count),
  },
  {
    header: 'Priority Processing',
    cell: (row) => row.priority_count.toLocaleString(),
    isNumber: true,
    total: sum((r) => r.priority_count),
  },
  {
    header: 'Future Order Processing',
    cell: (row) => row.future_count.toLocaleString(),
    isNumber: true,
    total: sum((r) => r.future_count),
  },
];

const SERIES = [
  { key: 'standard_count', label: 'Standard', color: '#1d6fe0' },
  { key: 'priority_count', label: 'Priority', color: '#e09b1a' },
  { key: 'future_count', label: 'Future', color: '#2f9e80' },
];

/** Country Order Details (SPEC §2.8). */
export function CountryReportPage() {
  return (
    <ReportScreen
      kind="country"
      title="Country Order Details"
      searchLabel="Search nationality"
      searchField={(row) => row.nationality}
      renderTable={(rows, isLoading) => (
        <ReportTable
          label="Orders by country"
          columns={COLUMNS}
          rows={rows}
          rowKey={(row) => row.nationality}
          isLoading={isLoading}
        />
      )}
      renderChart={(rows) => (
        <ReportChart title="Orders by country" data={rows} categoryKey="nationality" series={SERIES} />
      )}
    />
  );
}
