import { can } from '@nzeta/domain';
import { Link, useParams } from 'react-router';
import { NoAccess } from '../../../components/ui/no-access';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth-context';
import '../../../styles/team.css';
import { PageHeader } from '../../../components/ui/page-header';
import { AddMemberForm, EditMemberForm } from './team-member-form';
import { TeamMemberTable } from './team-member-table';

/** '/admin/manage-team' and '/admin/manage-team/{teamMemberId}' (SPEC §2.11). */
export function ManageTeamPage() {
  const { role } = useAuth();
  const { teamMemberId } = useParams();
  if (!can(role, 'team.manage')) return <NoAccess title="Manage Team" />;
  const editId = teamMemberId === undefined ? undefined : Number(teamMemberId);

  return (
    <div className="manage-team">
      <PageHeader title="Manage Team" />
      <section className="card-panel" aria-labelledby="member-form-heading">
        <div className="member-form-header">
          <h2 id="member-form-heading">{editId === undefined ? 'Add Team Member' : 'Edit Team Member'}</h2>
          {editId !== undefined && (
            <Link to={paths.admin.manageTeam} className="btn btn-sm btn-outline-secondary">
              Cancel edit
            </Link>
          )}
        </div>
        {editId === undefined ? <AddMemberForm /> : <EditMemberForm key={editId} memberId={editId} />}
      </section>
      <section className="card-panel" aria-labelledby="member-list-heading">
        <h2 id="member-list-heading">Team Members</h2>
        <TeamMemberTable editingId={editId} />
      </section>
    </div>
  );
}
