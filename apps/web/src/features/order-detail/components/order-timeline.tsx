import { formatDateTimeZoned, type OrderDetail, REMARK_FLAGS, type RemarkEntry } from '@nzeta/domain';
import { useAppConfig } from '../../../lib/app-config';
import { describeActivity } from './activity-timeline';
import { Section } from './section';

type TimelineItem =
  | { kind: 'comment'; key: string; at: string; who: string; remark: RemarkEntry }
  | { kind: 'activity'; key: string; at: string; who: string; text: string };

/** Comments and the activity log as one story, newest first ("added a comment" is the comment). */
export function timelineOf(order: OrderDetail): TimelineItem[] {
  const comments: TimelineItem[] = order.remark.map((remark) => ({
    kind: 'comment',
    key: `c${remark.id}`,
    at: remark.create_ts,
    who: remark.remark_name,
    remark,
  }));
  const activity: TimelineItem[] = order.activity
    .filter((entry) => entry.action !== 'remark-added')
    .map((entry) => ({
      kind: 'activity',
      key: `a${entry.id}`,
      at: entry.create_ts,
      who: entry.actor_name,
      text: describeActivity(entry),
    }));
  return [...comments, ...activity].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

function Flags({ remark }: { remark: RemarkEntry }) {
  const raised = REMARK_FLAGS.filter(({ key }) => remark[key] === 'Y');
  if (!raised.length) return null;
  return (
    <ul className="timeline-flags" aria-label="Flags">
      {raised.map(({ key, label }) => (
        <li key={key} className={`timeline-flag flag-${key}`}>
          {label}
        </li>
      ))}
    </ul>
  );
}

/**
 * Comment History and Activity in one timeline (newest first): each comment shows its text and
 * its raised flags as badges; each change says who did what. Times carry the business zone.
 */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const { businessTimeZone } = useAppConfig();
  const items = timelineOf(order);
  return (
    <Section id="comment-history" title="Comment History">
      {items.length === 0 ? (
        <p className="mb-0 text-muted">No record found</p>
      ) : (
        <ol className="order-timeline">
          {items.map((item) => (
            <li key={item.key} className={`timeline-item timeline-${item.kind}`}>
              <span className="timeline-dot" aria-hidden="true" />
              <div className="timeline-body">
                <div className="timeline-head">
                  <strong>{item.who}</strong>
                  {item.kind === 'comment' ? <span> commented</span> : <span> {item.text}</span>}
                  <time dateTime={item.at}>{formatDateTimeZoned(item.at, businessTimeZone)}</time>
                </div>
                {item.kind === 'comment' && (
                  <>
                    <p className="timeline-remark">{item.remark.remark}</p>
                    <Flags remark={item.remark} />
                  </>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
