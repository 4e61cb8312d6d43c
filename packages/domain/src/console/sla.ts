/**
 * Service-level clocks (issue: operations console): each open order has a target time to be
 * dealt with, counted from when it was paid (created_at), set per processing mode in Settings.
 */
export interface SlaHours {
  priorityHours: number;
  standardHours: number;
}

export const DEFAULT_SLA_HOURS: SlaHours = { priorityHours: 24, standardHours: 72 };

/** Statuses whose orders still wait on the team: the clock runs only for these. */
export const SLA_STATUSES = ['New', 'Pending', 'Awaiting', 'AwaitingGovt', 'Contact Customer'] as const;

/** Under this much time left an order is "breaching soon". */
export const SLA_SOON_HOURS = 4;

/** The hours allowed for a mode; Future orders run on their processing date, not a clock. */
export function slaHoursFor(mode: string, hours: SlaHours): number | null {
  if (mode === 'Priority') return hours.priorityHours;
  if (mode === 'Standard') return hours.standardHours;
  return null;
}

export type SlaState = 'breached' | 'soon' | 'ok';

export interface SlaClock {
  state: SlaState;
  /** signed minutes left (negative once breached) */
  minutesLeft: number;
  /** "3h 20m left", "2d 4h over" */
  label: string;
}

function span(minutes: number): string {
  const m = Math.abs(Math.round(minutes));
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return m % 60 ? `${h}h ${m % 60}m` : `${h}h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d}d ${h % 24}h` : `${d}d`;
}

/** The clock of an order due at `dueAt` (ISO), as of `now`. */
export function slaClock(dueAt: string | null | undefined, now: number = Date.now()): SlaClock | null {
  if (!dueAt) return null;
  const due = Date.parse(dueAt);
  if (Number.isNaN(due)) return null;
  const minutesLeft = (due - now) / 60_000;
  if (minutesLeft < 0) return { state: 'breached', minutesLeft, label: `${span(minutesLeft)} over` };
  const state: SlaState = minutesLeft < SLA_SOON_HOURS * 60 ? 'soon' : 'ok';
  return { state, minutesLeft, label: `${span(minutesLeft)} left` };
}

/** How long ago an instant was, compactly: "45m", "5h 10m", "3d 2h". */
export function ageOf(since: string | null | undefined, now: number = Date.now()): string {
  if (!since) return '-';
  const at = Date.parse(since);
  return Number.isNaN(at) ? '-' : span((now - at) / 60_000);
}
