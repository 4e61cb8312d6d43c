import type { CountryReportRow, ProcessedReportRow, ReportRangeInput } from '@nzeta/domain';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { SearchBox } from '../../../components/ui/search-box';
import { toastEnvelope } from '../../../lib/toast';
import { type ReportKind, useReport } from '../api/get-report';
import { ReportFilters } from './report-filters';
import '../../../styles/reports.css';

interface RowsByKind {
  country: CountryReportRow;
  processed: ProcessedReportRow;
}

export interface ReportScreenProps<K extends ReportKind> {
  kind: K;
  title: string;
  searchLabel: string;
  /** the field the search box filters on, case-insensitively (SPEC §5) */
  searchField(row: RowsByKind[K]): string;
  renderTable(rows: RowsByKind[K][], isLoading: boolean): ReactNode;
  renderChart(rows: RowsByKind[K][]): ReactNode;
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

  const { searchField } = props;
  const rows = useMemo(() => {
    const all = report.data?.status === 1 ? (report.data.data ?? []) : [];
    const needle = search.trim().toLowerCase();
    return needle ? all.filter((row) => searchField(row).toLowerCase().includes(needle)) : all;
  }, [report.data, search, searchField]);

  return (
    <section aria-labelledby="report-title">
      <div className="page-header">
        <h1 id="report-title">{props.title}</h1>
      </div>
      <div className="card-panel report-controls">
        <ReportFilters
          isBusy={report.isFetching}
          onSubmit={(range) => setRequest((current) => ({ range, submission: current.submission + 1 }))}
        />
        <SearchBox value={search} onChange={setSearch} placeholder={props.searchLabel} label={props.searchLabel} />
      </div>
      <div className="report-body">
        <div className="card-panel report-table-panel">{props.renderTable(rows, report.isFetching)}</div>
        <div className="card-panel report-chart-panel">{props.renderChart(rows)}</div>
      </div>
    </section>
  );
}
