import { displayIp, formatDateTime, splitBrowserField } from '@nzeta/domain';
import { TableHead } from '../../../components/ui/table-head';
import { useAppConfig } from '../../../lib/app-config';
import type { DownloadHistoryRow } from '../api/get-download-history';

const COLUMNS = [
  '#',
  'Order ID',
  'Date & Time (EST)',
  'Device IP Address',
  'Device',
  'Device Type',
  'Browser',
  'OS',
  'Device Location',
] as const;

/**
 * 'Downloaded History' (SPEC §2.14). On a phone each row becomes a small card: the cells carry
 * their column name for that layout (visitor.css).
 */
export function DownloadHistoryTable({ rows }: { rows: DownloadHistoryRow[] }) {
  const { businessTimeZone } = useAppConfig();
  return (
    <table className="table download-history">
      <TableHead columns={COLUMNS} />
      <tbody>
        {rows.length === 0 && (
          <tr className="empty-row">
            <td colSpan={COLUMNS.length}>No record found</td>
          </tr>
        )}
        {rows.map((row, index) => {
          const agent = splitBrowserField(row.browser, row.os);
          const cells = [
            String(index + 1),
            String(row.order_id),
            formatDateTime(row.create_ts, businessTimeZone),
            displayIp(row.ip),
            agent.device,
            agent.deviceType,
            agent.browser,
            agent.os,
            row.timezone || '-',
          ];
          return (
            <tr key={`${row.create_ts}|${row.ip}|${row.browser}`}>
              {cells.map((value, column) => (
                <td key={COLUMNS[column]} data-label={COLUMNS[column]}>
                  {value}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
