/** Stored process_status strings: the spec's own values (DESIGN §2). */
export const STATUSES = [
  'New',
  'Pending',
  'Awaiting',
  'AwaitingGovt',
  'Contact Customer',
  'Customer Called',
  'Completed',
  'Refunds',
  'ChargeBack',
  'Deleted',
] as const;
export type Status = (typeof STATUSES)[number];

export const PROCESSING_MODES = ['Standard', 'Priority', 'Future'] as const;
export type ProcessingMode = (typeof PROCESSING_MODES)[number];

export function isStatus(value: unknown): value is Status {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
}

/** How a status reads on screen; a refund reads as done once its refund date is set. */
export function statusLabel(status: string, refundDate?: string | null): string {
  switch (status) {
    case 'Awaiting':
      return 'Awaiting Customer';
    case 'AwaitingGovt':
      return 'Awaiting Govt';
    case 'Refunds':
      return refundDate ? 'Refunded' : 'Refund Pending';
    default:
      return status;
  }
}

/** The 'Move to …' buttons of the comment form (SPEC §4), in the spec's order. */
export const STATUS_MOVES: ReadonlyArray<{ status: Status; label: string }> = [
  { status: 'Awaiting', label: 'Awaiting Response' },
  { status: 'Refunds', label: 'Completed Refunds' },
  { status: 'Completed', label: 'Completed Orders' },
  { status: 'Deleted', label: 'Delete' },
  { status: 'Contact Customer', label: 'Contact Customer' },
  { status: 'AwaitingGovt', label: 'Awaiting Govt' },
  { status: 'Customer Called', label: 'Customer Called' },
  { status: 'ChargeBack', label: 'ChargeBack' },
];

/** Statuses in which defence packs and transaction details are offered (SPEC §4). */
export const DISPUTE_STATUSES: readonly Status[] = ['Completed', 'Customer Called', 'ChargeBack'];

export function canPrepareDefence(status: string): boolean {
  return (DISPUTE_STATUSES as readonly string[]).includes(status);
}
