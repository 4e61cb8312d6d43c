import { type OrderDetail, REMARK_FLAGS, type RemarkEntry } from '@nzeta/domain';
import { Fragment, useState } from 'react';
import { Section } from './section';

/** Every comment, newest first; Show reveals the remark and its flags (absent flags read N). */
export function CommentHistorySection({ order }: { order: OrderDetail }) {
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Section id="comment-history" title="Comment History">
      <div className="table-responsive">
        <table className="table table-sm align-middle detail-table comment-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Order ID</th>
              <th scope="col">Date &amp; Time</th>
              <th scope="col">Team</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {order.remark.length === 0 ? (
              <tr>
                <td colSpan={5} className="empty-row">
                  No record found
                </td>
              </tr>
            ) : (
              order.remark.map((remark, index) => {
                const isOpen = openIds.has(remark.id);
                return (
                  <Fragment key={remark.id}>
                    <tr>
                      <td>{index + 1}</td>
                      <td>{remark.order_id}</td>
                      <td>
                        {remark.us_date} {remark.us_time}
                      </td>
                      <td>{remark.remark_name}</td>
                      <td>
                        <button
                          type="button"
                          className="btn btn-link btn-sm p-0"
                          aria-expanded={isOpen}
                          aria-controls={`remark-${remark.id}`}
                          onClick={() => toggle(remark.id)}
                        >
                          {isOpen ? 'Hide' : 'Show'}
                        </button>
                      </td>
                    </tr>
                    {isOpen && (
                      <tr id={`remark-${remark.id}`} className="remark-detail-row">
                        <td colSpan={5}>
                          <RemarkDetail remark={remark} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function RemarkDetail({ remark }: { remark: RemarkEntry }) {
  return (
    <div className="remark-detail">
      <p className="remark-text">{remark.remark}</p>
      <dl className="remark-flags">
        {REMARK_FLAGS.map(({ key, label }) => {
          const value = remark[key] === 'Y' ? 'Y' : 'N';
          return (
            <div key={key} className={`remark-flag remark-flag-${value}`}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
