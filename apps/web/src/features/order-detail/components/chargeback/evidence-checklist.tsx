import type { EvidenceCheck } from '@nzeta/domain';

/** The five things a card network looks for, each read from this order's records. */
export function EvidenceChecklist({ checks }: { checks: EvidenceCheck[] }) {
  const ready = checks.filter((c) => c.ok).length;
  return (
    <div className="chargeback-block">
      <h3 className="chargeback-heading">
        Evidence checklist{' '}
        <span className={`badge ${ready === checks.length ? 'text-bg-success' : 'text-bg-warning'}`}>
          {ready}/{checks.length}
        </span>
      </h3>
      <ul className="evidence-checklist" aria-label="Evidence checklist">
        {checks.map((check) => (
          <li key={check.key} data-testid={`check-${check.key}`} data-ok={check.ok}>
            <span className={`check-mark ${check.ok ? 'is-ok' : 'is-missing'}`} aria-hidden="true">
              {check.ok ? '✓' : '✗'}
            </span>
            <span>
              <span className="fw-semibold">{check.label}</span>
              <span className="visually-hidden">{check.ok ? ': yes' : ': missing'}</span>
              <span className="d-block small text-body-secondary">{check.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
