import { businessToday, daysLeft, URGENT_DAYS } from '@nzeta/domain';
import { useAppConfig } from '../../lib/app-config';

/** Days left to answer a dispute: red at 2 days or fewer and when overdue, amber within a week. */
export function DeadlineBadge({ respondBy }: { respondBy: string | null | undefined }) {
  const { businessTimeZone } = useAppConfig();
  if (!respondBy) {
    return (
      <span className="badge text-bg-light border" data-testid="deadline-badge">
        No deadline
      </span>
    );
  }
  const left = daysLeft(respondBy, businessToday(businessTimeZone));
  const tone = left <= URGENT_DAYS ? 'text-bg-danger' : left <= 7 ? 'text-bg-warning' : 'text-bg-secondary';
  const text =
    left < 0
      ? `Overdue ${-left} ${-left === 1 ? 'day' : 'days'}`
      : left === 0
        ? 'Due today'
        : `${left} ${left === 1 ? 'day' : 'days'} left`;
  return (
    <span
      className={`badge ${tone}`}
      data-testid="deadline-badge"
      data-days-left={left}
      title={`Respond by ${respondBy}`}
    >
      {text}
    </span>
  );
}
