import { zodResolver } from '@hookform/resolvers/zod';
import { canManageMember, type TeamMemberInput, teamMemberInput, updateTeamMemberInput } from '@nzeta/domain';
import { type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PendingButton } from '../../../components/ui/pending-button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth-context';
import { useAddTeamMember } from '../api/add-team-member';
import { useMemberTypes } from '../api/get-member-types';
import { useTeamMember } from '../api/get-team-member';
import { useUpdateTeamMember } from '../api/update-team-member';

type MemberFormInput = z.input<typeof teamMemberInput>;
const EMPTY: MemberFormInput = { name: '', email: '', password: '', type: '' };
const addResolver: Resolver<MemberFormInput, unknown, TeamMemberInput> = zodResolver(teamMemberInput);
// On edit an empty password keeps the current one (the update schema's own rule); the member
// id comes from the route.
const editResolver: Resolver<MemberFormInput, unknown, TeamMemberInput> = zodResolver(
  teamMemberInput.extend({ password: updateTeamMemberInput.shape.password.unwrap().unwrap() }),
);

export function AddMemberForm() {
  const add = useAddTeamMember();
  return (
    <MemberForm
      resolver={addResolver}
      defaultValues={EMPTY}
      submitLabel="Add Member"
      isPending={add.isPending}
      onSubmit={async (input, reset) => {
        const answer = await add.mutateAsync(input);
        if (answer.status === 1) reset(EMPTY);
      }}
    />
  );
}

export function EditMemberForm({ memberId }: { memberId: number }) {
  const { role } = useAuth();
  const navigate = useNavigate();
  const member = useTeamMember(Number.isSafeInteger(memberId) && memberId > 0 ? memberId : undefined);
  const update = useUpdateTeamMember();
  if (!Number.isSafeInteger(memberId) || memberId <= 0 || member.isError) {
    return <p className="text-danger mb-0">{member.error?.message ?? 'Team member not found.'}</p>;
  }
  if (!member.data) return <p className="text-muted mb-0">Loading...</p>;
  const { name, email, type } = member.data;
  if (!canManageMember(role, type)) return <p className="text-muted mb-0">Only an Admin can edit an Admin.</p>;
  return (
    <MemberForm
      resolver={editResolver}
      defaultValues={{ name, email, password: '', type }}
      submitLabel="Update Member"
      isEdit
      isPending={update.isPending}
      onSubmit={async (input) => {
        const answer = await update.mutateAsync({ ...input, tmId: memberId });
        if (answer.status === 1) navigate(paths.admin.manageTeam);
      }}
    />
  );
}

interface MemberFormProps {
  resolver: Resolver<MemberFormInput, unknown, TeamMemberInput>;
  defaultValues: MemberFormInput;
  submitLabel: string;
  isEdit?: boolean;
  isPending: boolean;
  onSubmit(input: TeamMemberInput, reset: (values: MemberFormInput) => void): Promise<unknown>;
}

/** Name, email, password and type (SPEC §2.11), with the SPEC §5 messages under each field. */
function MemberForm({ resolver, defaultValues, submitLabel, isEdit = false, isPending, onSubmit }: MemberFormProps) {
  const { role } = useAuth();
  // A Manager is never offered Admin (DESIGN §3); the server refuses it anyway.
  const types = useMemberTypes().filter((type) => canManageMember(role, type));
  const form = useForm<MemberFormInput, unknown, TeamMemberInput>({ resolver, defaultValues });
  const prefix = isEdit ? 'edit-member' : 'new-member';

  return (
    <form className="member-form" noValidate onSubmit={form.handleSubmit((input) => onSubmit(input, form.reset))}>
      <TextField
        id={`${prefix}-name`}
        label="Name"
        placeholder="Name"
        autoComplete="off"
        className="member-field"
        form={form}
        name="name"
      />
      <TextField
        id={`${prefix}-email`}
        label="Email"
        type="email"
        placeholder="Email"
        autoComplete="off"
        className="member-field"
        form={form}
        name="email"
      />
      <TextField
        id={`${prefix}-password`}
        label="Password"
        type="password"
        placeholder={isEdit ? 'Leave empty to keep it' : 'Password'}
        autoComplete="new-password"
        hint={isEdit ? 'Leave empty to keep the current password.' : undefined}
        className="member-field"
        form={form}
        name="password"
      />
      <SelectField
        id={`${prefix}-type`}
        label="Type"
        placeholder="Select type"
        options={types.map((type) => ({ value: type, label: type }))}
        className="member-field"
        form={form}
        name="type"
      />
      <div className="member-actions">
        <PendingButton isPending={isPending} pendingLabel="Saving…">
          {submitLabel}
        </PendingButton>
      </div>
    </form>
  );
}
