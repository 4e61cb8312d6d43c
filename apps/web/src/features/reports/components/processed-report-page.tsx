import { can, type ProcessedReportRow } from '@nzeta/domain';
import { NoAccess } from '../../../components/ui/no-access';
import { useAuth } from '../../../lib/auth-context';
import { ReportScreen } from './report-screen';
import { countColumn, type ReportColumn } from './report-table';

const COLUMNS: ReportColumn<ProcessedReportRow>[] = [
  { header: 'Name', cell: (row) => row.processed_by },
  countColumn('Order Count', (row) => row.count),
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
      nameKey="processed_by"
      table={{ label: 'Orders by staff member', columns: COLUMNS }}
      chart={{
        title: 'Orders processed per staff member',
        series: [{ key: 'count', label: 'Orders', color: '#2f9e80' }],
      }}
    />
  );
}
