import { canManageMember, formatDateTimeZoned } from '@nzeta/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Icon } from '../../../components/ui/icon';
import { QueryStateRows } from '../../../components/ui/query-state-rows';
import { TableHead } from '../../../components/ui/table-head';
import { paths } from '../../../config/paths';
import { useAppConfig } from '../../../lib/app-config';
import { useAuth } from '../../../lib/auth-context';
import { useDeleteTeamMember } from '../api/delete-team-member';
import { type TeamMember, useTeamMembers } from '../api/get-team-members';
import { useResetTeamMemberMfa, useUnlockTeamMember } from '../api/unlock-team-member';

const COLUMNS = [
  'Id',
  'Name',
  'Email',
  'Password',
  'Member Role',
  { label: 'Action', className: 'member-row-actions' },
];

/** The member list (SPEC §2.11): id, name, email, password (masked), memberRole, edit and delete. */
export function TeamMemberTable({ editingId }: { editingId?: number | undefined }) {
  const { businessTimeZone } = useAppConfig();
  const { role, user } = useAuth();
  const members = useTeamMembers();
  const remove = useDeleteTeamMember();
  const unlock = useUnlockTeamMember();
  const resetMfa = useResetTeamMemberMfa();
  const [toDelete, setToDelete] = useState<TeamMember | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    await remove.mutateAsync(toDelete.id);
    setToDelete(null);
  };

  return (
    <>
      <div className="table-responsive">
        <table className="table align-middle team-table mb-0">
          <TableHead columns={COLUMNS} />
          <tbody>
            <QueryStateRows query={members} isEmpty={members.data?.length === 0} colSpan={COLUMNS.length} />
            {members.data?.map((member) => {
              const isSelf = member.id === user?.id;
              const canManage = canManageMember(role, member.type);
              return (
                <tr key={member.id} className={member.id === editingId ? 'is-editing' : undefined}>
                  <td data-label="Id">{member.id}</td>
                  <td data-label="Name" className="member-name">
                    {member.name}
                    {isSelf && <span className="badge text-bg-light ms-2">You</span>}
                  </td>
                  <td data-label="Email" className="member-email">
                    {member.email}
                  </td>
                  <td data-label="Password" className="member-password">
                    {member.password}
                  </td>
                  <td data-label="Member Role">
                    <span className={`role-badge role-${member.memberRole.replace(/\s+/g, '-').toLowerCase()}`}>
                      {member.memberRole}
                    </span>
                  </td>
                  <td className="member-row-actions">
                    {canManage && (
                      <Link
                        to={paths.admin.editTeamMember(member.id)}
                        className="btn btn-sm btn-outline-primary action-button"
                        aria-label={`Edit ${member.name}`}
                      >
                        <Icon name="edit" size={16} /> Edit
                      </Link>
                    )}
                    {canManage && member.lockedUntil && (
                      <button
                        type="button"
                        className="btn btn-sm btn-unlock action-button ms-2"
                        aria-label={`Unlock ${member.name}`}
                        title={`Locked until ${formatDateTimeZoned(member.lockedUntil, businessTimeZone)}`}
                        disabled={unlock.isPending}
                        onClick={() => unlock.mutate(member.id)}
                      >
                        Unlock
                      </button>
                    )}
                    {role === 'Admin' && !isSelf && member.mfaEnabled && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary action-button ms-2"
                        aria-label={`Reset 2FA of ${member.name}`}
                        title="Reset two-step verification"
                        disabled={resetMfa.isPending}
                        onClick={() => resetMfa.mutate(member.id)}
                      >
                        Reset 2FA
                      </button>
                    )}
                    {canManage && !isSelf && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger action-button ms-2"
                        aria-label={`Delete ${member.name}`}
                        onClick={() => setToDelete(member)}
                      >
                        <Icon name="trash" size={16} /> Delete
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        isOpen={toDelete !== null}
        message={
          toDelete?.claimedOrders
            ? `Delete ${toDelete.name}? ${toDelete.claimedOrders} claimed ${toDelete.claimedOrders === 1 ? 'order goes' : 'orders go'} back to the shared folders.`
            : undefined
        }
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
