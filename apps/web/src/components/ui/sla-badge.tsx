import { slaClock } from '@nzeta/domain/console/sla';

/** An order's service-level clock as a small badge: time left, amber when close, red when over. */
export function SlaBadge({ dueAt, now }: { dueAt: string | null | undefined; now?: number }) {
  const clock = slaClock(dueAt, now);
  if (!clock) return null;
  const title = clock.state === 'breached' ? 'Service-level target passed' : 'Time left on the service-level target';
  return (
    <span className={`sla-badge sla-${clock.state}`} title={title}>
      {clock.label}
    </span>
  );
}
