import { businessToday, MONTHS, type Month } from '@nzeta/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../../components/ui/icon';
import { useAppConfig } from '../../../lib/app-config';
import { ordersKeys } from '../api/get-folder-orders';
import { useFutureMonthCounts } from '../api/get-future-month-counts';
import { useListUrlState } from '../hooks/use-list-url-state';
import { FolderList } from './folder-list';
import '../../../styles/folders.css';

/**
 * Which year a month tile holds: Future orders run up to a year ahead, so months before this one
 * are next year's, and this month holds the rest of this year's and next year's.
 */
function yearsOf(month: Month, today: string): string {
  const year = Number(today.slice(0, 4));
  const current = Number(today.slice(5, 7)) - 1;
  const index = MONTHS.indexOf(month);
  if (index > current) return String(year);
  if (index < current) return String(year + 1);
  return `${year}–${String(year + 1).slice(2)}`;
}

/**
 * Future Orders (SPEC §2.7): twelve month tiles with counts; a tile opens that month's table
 * (with Back). The month is in the URL, so the back button returns to the tiles.
 */
export function FutureOrdersPage() {
  const url = useListUrlState();
  const months = useFutureMonthCounts();
  const { businessTimeZone } = useAppConfig();
  const queryClient = useQueryClient();
  if (url.month) return <FolderList folder="futureOrder" month={url.month} onBack={() => url.setMonth(undefined)} />;

  const counts = new Map(months.data?.map((m) => [m.month, m.count]));
  const today = businessToday(businessTimeZone);
  return (
    <section className="folder-screen" aria-labelledby="future-title">
      <div className="page-header">
        <h1 id="future-title">Future Orders</h1>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary refresh-button"
          onClick={() => queryClient.invalidateQueries({ queryKey: ordersKeys.futureMonths })}
        >
          <Icon name="refresh" size={16} className={months.isFetching ? 'spin' : undefined} />
          Refresh
        </button>
      </div>
      {months.isError && <div className="alert alert-danger">{months.error.message}</div>}
      <ul className="month-tiles" aria-label="Future orders by month">
        {MONTHS.map((month) => {
          const count = counts.get(month);
          return (
            <li key={month}>
              <button
                type="button"
                className={`month-tile${count ? '' : ' is-empty'}`}
                onClick={() => url.setMonth(month)}
                aria-label={`${month} ${yearsOf(month, today)} ${count === undefined ? '…' : count.toLocaleString()} orders`}
              >
                <Icon name="calendar" size={22} className="month-tile-icon" />
                <span className="month-tile-name">
                  {month} <span className="month-tile-year">{yearsOf(month, today)}</span>
                </span>{' '}
                <span className="month-tile-count">{count === undefined ? '…' : count.toLocaleString()}</span>{' '}
                <span className="month-tile-label">orders</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
