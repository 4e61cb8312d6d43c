import type { CountryReportRow, ProcessedReportRow, ReportRangeInput } from '@nzeta/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { SearchBox } from '../../../components/ui/search-box';
import { toastEnvelope } from '../../../lib/toast';
import { type ReportKind, useReport } from '../api/get-report';
import { type ChartSeries, ReportChart } from './report-chart';
import { ReportFilters } from './report-filters';
import { type ReportColumn, ReportTable } from './report-table';
import '../../../styles/reports.css';
import { PageHeader } from '../../../components/ui/page-header';

interface RowsByKind {
  country: CountryReportRow;
  processed: ProcessedReportRow;
}

export interface ReportScreenProps<K extends ReportKind> {
  kind: K;
  title: string;
  searchLabel: string;
  /**
   * the field that names a row: the search box filters on it, case-insensitively (SPEC §5), and
   * it keys the table's rows and labels the chart's bars
   */
  nameKey: keyof RowsByKind[K] & string;
  table: { label: string; columns: ReportColumn<RowsByKind[K]>[] };
  chart: { title: string; series: ChartSeries[] };
}

/**
 * A report screen: date range and Submit, a search over the loaded rows, the table with a chart
 * beside it. Each load shows the server's message as a toast (SPEC §8).
 */
export function ReportScreen<K extends ReportKind>(props: ReportScreenProps<K>) {
  const [request, setRequest] = useState<{ range: ReportRangeInput; submission: number }>({
    range: {},
    submission: 0,
  });
  const report = useReport(props.kind, request);
  const [search, setSearch] = useState('');

  // One toast per answer, however often the effect runs.
  const toasted = useRef(0);
  useEffect(() => {
    if (!report.data || report.dataUpdatedAt === toasted.current) return;
    toasted.current = report.dataUpdatedAt;
    toastEnvelope(report.data, 'Done.', `report-${props.kind}`);
  }, [report.data, report.dataUpdatedAt, props.kind]);

  const { nameKey } = props;
  const nameOf = (row: RowsByKind[K]) => String(row[nameKey]);
  const rows = useMemo(() => {
    const all = report.data?.status === 1 ? (report.data.data ?? []) : [];
    const needle = search.trim().toLowerCase();
    return needle ? all.filter((row) => String(row[nameKey]).toLowerCase().includes(needle)) : all;
  }, [report.data, search, nameKey]);

  return (
    <section aria-labelledby="report-title">
      <PageHeader title={props.title} id="report-title" />
      <div className="card-panel report-controls">
        <ReportFilters
          isBusy={report.isFetching}
          onSubmit={(range) => setRequest((current) => ({ range, submission: current.submission + 1 }))}
        />
        <SearchBox value={search} onChange={setSearch} placeholder={props.searchLabel} label={props.searchLabel} />
      </div>
      <div className="report-body">
        <div className="card-panel report-table-panel">
          <ReportTable
            label={props.table.label}
            columns={props.table.columns}
            rows={rows}
            rowKey={nameOf}
            isLoading={report.isFetching}
          />
        </div>
        <div className="card-panel report-chart-panel">
          <ReportChart title={props.chart.title} data={rows} categoryKey={nameKey} series={props.chart.series} />
        </div>
      </div>
    </section>
  );
}
