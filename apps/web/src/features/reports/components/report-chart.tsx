import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface ReportChartProps<Row extends object> {
  title: string;
  /** the report's rows as the API answers them */
  data: readonly Row[];
  categoryKey: keyof Row & string;
  series: ChartSeries[];
  /** the longest lists are cut to their top entries so the bars stay readable */
  limit?: number;
}

/** Horizontal bars beside the table (stacked when there are several series). */
export function ReportChart<Row extends object>({
  title,
  data,
  categoryKey,
  series,
  limit = 12,
}: ReportChartProps<Row>) {
  const shown = data.slice(0, limit);
  const height = Math.max(220, shown.length * 36 + 70);
  return (
    <figure className="report-chart" aria-label={title}>
      <figcaption>
        {title}
        {data.length > limit && <span className="text-muted"> (top {limit})</span>}
      </figcaption>
      {shown.length === 0 ? (
        <p className="text-muted small mb-0">Nothing to chart.</p>
      ) : (
        <ResponsiveContainer width="100%" height={height}>
          <BarChart data={shown} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
            <CartesianGrid horizontal={false} stroke="#eef1f6" />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
            <YAxis
              type="category"
              dataKey={(row: Row) => row[categoryKey]}
              width={120}
              tick={{ fontSize: 12 }}
              interval={0}
            />
            <Tooltip cursor={{ fill: 'rgba(29,111,224,0.06)' }} />
            {series.length > 1 && (
              // Legend in the order of the series (it sorts by name otherwise).
              <Legend
                wrapperStyle={{ fontSize: 12 }}
                itemSorter={(item) => series.findIndex((s) => s.key === item.dataKey)}
              />
            )}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} stackId="all" fill={s.color} maxBarSize={22} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
    </figure>
  );
}
