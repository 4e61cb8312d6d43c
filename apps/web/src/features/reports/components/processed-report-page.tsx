import { can, type ProcessedReportRow } from '@nzeta/domain';
import { NoAccess } from '../../../components/ui/no-access';
import { useAuth } from '../../../lib/auth-context';
import { ReportChart } from './report-chart';
import { ReportScreen } from './report-screen';
import { type ReportColumn, ReportTable } from './report-table';

const COLUMNS: ReportColumn<ProcessedReportRow>[] = [
  { header: 'Name', cell: (row) => row.processed_by },
  {
    header: 'Order Count',
    cell: (row) => row.count.toLocaleString(),
    isNumber: true,
    total: (rows) => rows.reduce((total, row) => total + row.count, 0),
  },
];

const TITLE = 'Order Processed';

/** Processed By (SPEC §2.9): Admin and Manager only. */
export function ProcessedReportPage() {
  const { role } = useAuth();
  if (!can(role, 'reports.processed')) return <NoAccess title={TITLE} />;
  return (
    <ReportScreen
      kind="processed"
      title={TITLE}
      searchLabel="Search name"
      searchField={(row) => row.processed_by}
      renderTable={(rows, isLoading) => (
        <ReportTable
          label="Orders by staff member"
          columns={COLUMNS}
          rows={rows}
          rowKey={(row) => row.processed_by}
          isLoading={isLoading}
        />
      )}
      renderChart={(rows) => (
        <ReportChart
          title="Orders processed per staff member"
          data={rows}
          categoryKey="processed_by"
          series={[{ key: 'count', label: 'Orders', color: '#2f9e80' }]}
        />
      )}
    />
  );
}
