import { formatDateTimeZoned, type OrderDetail, REMARK_FLAGS, type RemarkEntry } from '@nzeta/domain';
import { Fragment } from 'react';
import { useAppConfig } from '../../../lib/app-config';
import { useExpandedRows } from '../hooks/use-expanded-rows';
import { DetailTable } from './detail-table';
import { Section } from './section';

const COLUMNS = ['#', 'Order ID', 'Date & Time', 'Team', 'Action'];

/**
 * Comment History (SPEC §2.13): one row per comment, newest first; Show reveals the remark and
 * its six flags, each Y or N (a missing flag reads N). Times carry the business zone.
 */
export function CommentHistorySection({ order }: { order: OrderDetail }) {
  const { businessTimeZone } = useAppConfig();
  const { isExpanded, toggle } = useExpandedRows();

  return (
    <Section id="comment-history" title="Comment History">
      <DetailTable columns={COLUMNS} isEmpty={order.remark.length === 0} className="comment-table">
        {order.remark.map((remark, index) => {
          const isOpen = isExpanded(remark.id);
          const detailId = `remark-${remark.id}`;
          return (
            <Fragment key={remark.id}>
              <tr>
                <td>{index + 1}</td>
                <td>{remark.order_id}</td>
                <td>{formatDateTimeZoned(remark.create_ts, businessTimeZone)}</td>
                <td>{remark.remark_name}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0"
                    aria-expanded={isOpen}
                    aria-controls={detailId}
                    onClick={() => toggle(remark.id)}
                  >
                    {isOpen ? 'Hide' : 'Show'}
                  </button>
                </td>
              </tr>
              {isOpen && (
                <tr id={detailId} className="remark-detail-row">
                  <td colSpan={COLUMNS.length}>
                    <RemarkDetail remark={remark} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </DetailTable>
    </Section>
  );
}

function RemarkDetail({ remark }: { remark: RemarkEntry }) {
  return (
    <>
      <p className="remark-text">{remark.remark}</p>
      <ul className="remark-flags" aria-label="Flags">
        {REMARK_FLAGS.map(({ key, label }) => {
          const value = remark[key] === 'Y' ? 'Y' : 'N';
          return (
            <li key={key} className={`remark-flag remark-flag-${value}`}>
              {label}: {value}
            </li>
          );
        })}
      </ul>
    </>
  );
}
