'use client';
// Owns the team page: members with their roles (change, remove), invitations (send, withdraw) — admins only.
import { useMutation } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { usePortal } from '@/components/layout/portal-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { DateTime } from '@/components/ui/date-time';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { useDialogForm } from '@/components/ui/use-dialog-form';
import {
  changeMemberRoleOperation,
  createInvitationOperation,
  listInvitationsOperation,
  listMembersOperation,
  removeMemberOperation,
  revokeInvitationOperation,
} from '@/lib/identity/contract/routes';
import type { OrgRole } from '@/lib/platform/actor/roles';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { useRefresh } from '@/lib/platform/browser/use-refresh';
import { errorText } from './errors';

const ROLE_OPTIONS: { value: OrgRole; label: string }[] = [
  { value: 'member', label: 'Member — views, builds drafts' },
  { value: 'approver', label: 'Approver — also confirms batches, withdraws' },
  { value: 'admin', label: 'Admin — also team, API keys, security' },
];
const ROLE_LABEL: Record<OrgRole, string> = { member: 'Member', approver: 'Approver', admin: 'Admin' };

export function TeamSettings({ currentUserId }: { currentUserId: string }) {
  return (
    <div className="space-y-6">
      <MembersCard currentUserId={currentUserId} />
      <InvitationsCard />
    </div>
  );
}

function MembersCard({ currentUserId }: { currentUserId: string }) {
  const members = useApiQuery(listMembersOperation, { query: { limit: '100' } });
  const notify = useToast();
  const refresh = useRefresh(listMembersOperation);

  const changeRole = useMutation({
    mutationFn: (input: { userId: string; role: OrgRole }) =>
      apiFetch(changeMemberRoleOperation, { params: { userId: input.userId }, body: { role: input.role } }),
    onSuccess: (member) => {
      notify({ tone: 'success', title: `${member.name} is now ${ROLE_LABEL[member.role].toLowerCase()}` });
      void refresh();
    },
    onError: (error) => {
      notify({ tone: 'error', title: 'Could not change the role', description: errorText(error) });
      void refresh();
    },
  });

  return (
    <Card
      id="members"
      title="Members"
      description="Everyone who can sign in to this organization, and what they may do."
    >
      {members.isPending ? (
        <LoadingBlock label="Loading members" />
      ) : members.isError ? (
        <ErrorState
          title="Could not load the members"
          error={members.error}
          onRetry={() => members.refetch()}
        />
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Members">
          {members.data.items.map((member) => (
            <li key={member.user_id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">
                  {member.name}
                  {member.user_id === currentUserId ? <span className="text-slate-500"> (you)</span> : null}
                </p>
                <p className="truncate text-sm text-slate-600">{member.email}</p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                  <span>
                    Joined <DateTime value={member.joined_at} style="date" />
                  </span>
                  {member.two_factor_enabled ? <Badge tone="success">Two-factor on</Badge> : null}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <div className="w-40">
                  <Select<OrgRole>
                    aria-label={`Role of ${member.name}`}
                    value={member.role}
                    disabled={changeRole.isPending}
                    changesState
                    onValueChange={(role) => changeRole.mutate({ userId: member.user_id, role })}
                    options={ROLE_OPTIONS.map((option) => ({
                      value: option.value,
                      label: ROLE_LABEL[option.value],
                    }))}
                  />
                </div>
                <RemoveMember userId={member.user_id} name={member.name} onDone={refresh} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function RemoveMember({ userId, name, onDone }: { userId: string; name: string; onDone: () => void }) {
  return (
    <ConfirmAction
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Remove ${name}`}>
          Remove
        </Button>
      }
      title={`Remove ${name}?`}
      description="They lose access to this organization at once. Their account and other organizations stay."
      confirmLabel="Remove"
      action={() => apiFetch(removeMemberOperation, { params: { userId } })}
      success={`${name} was removed`}
      failure={`Could not remove ${name}`}
      describeError={errorText}
      closeOnError
      onDone={onDone}
    />
  );
}

function InvitationsCard() {
  const invitations = useApiQuery(listInvitationsOperation, { query: { status: 'pending', limit: '100' } });
  const refresh = useRefresh(listInvitationsOperation);
  return (
    <Card
      id="invitations"
      title="Pending invitations"
      description="Each link works once, for 7 days."
      action={<InviteDialog onDone={refresh} />}
    >
      {invitations.isPending ? (
        <LoadingBlock label="Loading invitations" />
      ) : invitations.isError ? (
        <ErrorState
          title="Could not load the invitations"
          error={invitations.error}
          onRetry={() => invitations.refetch()}
        />
      ) : invitations.data.items.length === 0 ? (
        <EmptyState
          title="No pending invitations"
          description="Invite a colleague by email with the role they need."
        />
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Pending invitations">
          {invitations.data.items.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{invitation.email}</p>
                <p className="text-xs text-slate-500">
                  {ROLE_LABEL[invitation.role]} · expires <DateTime value={invitation.expires_at} />
                  {invitation.invited_by ? ` · by ${invitation.invited_by}` : ''}
                </p>
              </div>
              <WithdrawInvitation id={invitation.id} email={invitation.email} onDone={refresh} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function WithdrawInvitation({ id, email, onDone }: { id: string; email: string; onDone: () => void }) {
  return (
    <ConfirmAction
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Withdraw the invitation to ${email}`}>
          Withdraw
        </Button>
      }
      title={`Withdraw the invitation to ${email}?`}
      description="The link in their email stops working."
      confirmLabel="Withdraw"
      action={() => apiFetch(revokeInvitationOperation, { params: { invitationId: id } })}
      success={`The invitation to ${email} was withdrawn`}
      failure="Could not withdraw it"
      describeError={errorText}
      onDone={onDone}
    />
  );
}

interface InviteValues {
  email: string;
  role: OrgRole;
}

const invitationSchema = lazySchema(() =>
  import('@/lib/identity/contract/form-schemas').then((m) => m.invitation),
);

function InviteDialog({ onDone }: { onDone: () => void }) {
  const { sandbox } = usePortal();
  const dialog = useDialogForm({
    schema: invitationSchema,
    defaultValues: { email: '', role: 'member' },
    submit: (body: InviteValues) => apiFetch(createInvitationOperation, { body }),
    fields: ['email', 'role'],
    // Say where the link went: in the sandbox nothing is mailed, the email waits in Sandbox emails.
    success: (invitation) =>
      sandbox
        ? {
            title: `Invitation to ${invitation.email} created`,
            description: 'The invitation email is in Sandbox emails.',
          }
        : `Invitation sent to ${invitation.email}`,
    onDone,
  });
  const { form } = dialog;
  const email = useWatch({ control: form.control, name: 'email' });
  return (
    <DialogForm
      {...dialog}
      trigger={
        <Button size="sm" changesState>
          Invite someone
        </Button>
      }
      title="Invite someone"
      description="They get an email with a link to join. New people choose a password; people with an account sign in."
      submitLabel="Send invitation"
      submitDisabled={email.trim() === ''}
      changesState
    >
      <FormField control={form.control} name="email" label="Email">
        {(field) => <Input type="email" autoComplete="off" required {...field} />}
      </FormField>
      <FormField control={form.control} name="role" label="Role">
        {(field) => (
          <Select<OrgRole> value={field.value} onValueChange={field.onChange} options={ROLE_OPTIONS} />
        )}
      </FormField>
    </DialogForm>
  );
}
