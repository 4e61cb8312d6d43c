import { can } from '@nzeta/domain';
import { useState } from 'react';
import { DayRangeFields } from '../../../components/ui/day-input';
import { NoAccess } from '../../../components/ui/no-access';
import { useAuth } from '../../../lib/auth-context';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import '../../../styles/settings.css';
import { PageHeader } from '../../../components/ui/page-header';
import type { AuditFilters } from '../api/get-audit-entries';
import { AuditTable } from './audit-table';

/** Actions the server records; the filter also takes any other text. */
const KNOWN_ACTIONS = [
  'sign-in',
  'account-locked',
  'password-changed',
  'password-reset-requested',
  'password-reset',
  'mfa-enabled',
  'mfa-disabled',
  'team-member-added',
  'team-member-updated',
  'team-member-role-changed',
  'team-member-deleted',
  'gateway-changed',
  'settings-changed',
  'order-viewed',
  'document-downloaded',
  'personal-data-erased',
];

const FIRST_PAGE: Pick<AuditFilters, 'page'> = { page: 1 };

/** '/admin/audit' (Admin): who did what and when, newest first. */
export function AuditPage() {
  const { role } = useAuth();
  if (!can(role, 'audit.read')) return <NoAccess title="Audit" />;
  return <AuditLog />;
}

function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>({
    action: '',
    actor: '',
    from: '',
    to: '',
    page: 1,
    perPage: 25,
  });
  const debounced = useDebouncedValue(filters);
  // Typing waits for the debounce; paging and dates apply at once.
  const query = { ...filters, action: debounced.action, actor: debounced.actor };
  const change = (patch: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...FIRST_PAGE, ...patch }));

  return (
    <>
      <PageHeader title="Audit" />
      <section className="card-panel">
        <form
          className="audit-filters"
          aria-label="Filter the audit trail"
          onSubmit={(event) => event.preventDefault()}
        >
          <div>
            <label htmlFor="audit-action" className="form-label">
              Action
            </label>
            <input
              id="audit-action"
              className="form-control"
              list="audit-actions"
              placeholder="All actions"
              value={filters.action}
              onChange={(event) => change({ action: event.target.value })}
            />
            <datalist id="audit-actions">
              {KNOWN_ACTIONS.map((action) => (
                <option key={action} value={action} />
              ))}
            </datalist>
          </div>
          <div>
            <label htmlFor="audit-actor" className="form-label">
              Member
            </label>
            <input
              id="audit-actor"
              className="form-control"
              placeholder="Name"
              value={filters.actor}
              onChange={(event) => change({ actor: event.target.value })}
            />
          </div>
          <DayRangeFields id="audit" labels={{ from: 'From', to: 'To' }} range={filters} onChange={change} />
        </form>
        <AuditTable
          filters={query}
          onPage={(page) => setFilters((f) => ({ ...f, page }))}
          onPerPage={(perPage) => change({ perPage })}
        />
      </section>
    </>
  );
}
