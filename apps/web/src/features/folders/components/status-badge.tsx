const TONES: Record<string, string> = {
  New: 'new',
  Pending: 'pending',
  Completed: 'completed',
  Awaiting: 'waiting',
  AwaitingGovt: 'waiting',
  'Contact Customer': 'contact',
  'Customer Called': 'contact',
  Refunds: 'refund',
  ChargeBack: 'chargeback',
  Deleted: 'deleted',
};

/** The status as displayed (Awaiting reads Awaiting Customer), coloured by kind. */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`status-badge status-${TONES[status] ?? 'other'}`}>{label}</span>;
}
