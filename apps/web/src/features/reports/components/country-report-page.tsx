import type { CountryReportRow } from '@nzeta/domain';
import { ReportScreen } from './report-screen';
import { countColumn, type ReportColumn } from './report-table';

const COLUMNS: ReportColumn<CountryReportRow>[] = [
  { header: 'State/Territory', cell: (row) => row.nationality },
  countColumn('Order Count', (row) => row.count),
  countColumn('Standard Processing', (row) => row.standard_count),
  countColumn('Priority Processing', (row) => row.priority_count),
  countColumn('Future Order Processing', (row) => row.future_count),
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
      nameKey="nationality"
      table={{ label: 'Orders by country', columns: COLUMNS }}
      chart={{ title: 'Orders by country', series: SERIES }}
    />
  );
}
