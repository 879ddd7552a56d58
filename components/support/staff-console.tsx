'use client';
// Owns the support lead's Staff page: the provider's staff with their roles and status, inviting someone by email
// with their roles, changing a person's roles and disabling an account. The server refuses what would leave the
// provider without a lead; the page says so in the person's words.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorText } from '@/components/settings/errors';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { showServerError } from '@/components/ui/server-errors';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { type StaffRole, staffRoleLabel } from '@/lib/platform/actor/roles';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { useRefresh } from '@/lib/platform/browser/use-refresh';
import {
  changeStaffRolesOperation,
  disableStaffOperation,
  inviteStaffOperation,
  listStaffOperation,
} from '@/lib/support/contract/routes';

/** The order roles are offered and sent in: the first ticked is the primary role shown beside the name. */
const ROLE_CHOICES: { role: StaffRole; description: string }[] = [
  { role: 'support_lead', description: 'Everything support does, plus staff, pricing and access records' },
  { role: 'support', description: 'Organization directory, views and profile reviews' },
  { role: 'operations', description: 'Payouts desk and custody records' },
  { role: 'treasury', description: 'Rate sheets' },
];

type StaffMember = {
  id: string;
  email: string;
  name: string;
  staff_roles: StaffRole[];
  status: 'invited' | 'active' | 'disabled';
};

const STATUS_TONE = { invited: 'warning', active: 'success', disabled: 'neutral' } as const;

const inviteSchema = lazySchema(() =>
  import('@/lib/support/contract/form-schemas').then((m) => m.staffInvite),
);

function ordered(roles: ReadonlySet<StaffRole>): StaffRole[] {
  return ROLE_CHOICES.map((choice) => choice.role).filter((role) => roles.has(role));
}

/** The role boxes of both dialogs: a group named for screen readers, each box with what the role may do. */
function RoleChoices({
  chosen,
  onChange,
}: {
  chosen: ReadonlySet<StaffRole>;
  onChange: (next: Set<StaffRole>) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-900">Roles</legend>
      {ROLE_CHOICES.map(({ role, description }) => (
        <Checkbox
          key={role}
          name={`role-${role}`}
          checked={chosen.has(role)}
          onCheckedChange={(checked) => {
            const next = new Set(chosen);
            if (checked) next.add(role);
            else next.delete(role);
            onChange(next);
          }}
          label={staffRoleLabel(role)}
          description={description}
        />
      ))}
      {chosen.size === 0 ? <p className="text-xs text-slate-600">Tick at least one role.</p> : null}
    </fieldset>
  );
}

interface InviteValues {
  email: string;
  name: string;
}

export function InviteStaffDialog({ onDone }: { onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [roles, setRoles] = useState<Set<StaffRole>>(new Set(['support']));
  const notify = useToast();
  const form = useForm<InviteValues>({
    resolver: useLazyResolver<InviteValues>(inviteSchema),
    defaultValues: { email: '', name: '' },
  });
  const [email, name] = useWatch({ control: form.control, name: ['email', 'name'] });
  const submit = async (values: InviteValues) => {
    try {
      const member = await apiFetch(inviteStaffOperation, { body: { ...values, roles: ordered(roles) } });
      setOpen(false);
      setRoles(new Set(['support']));
      notify({
        tone: 'success',
        title: `Invitation sent to ${member.email}`,
        description: 'They choose a password from the link in the email (valid 7 days), then sign in here.',
      });
      onDone();
    } catch (caught) {
      showServerError(form.setError, caught, ['email', 'name']);
    }
  };
  return (
    <DialogForm
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setRoles(new Set(['support']));
      }}
      form={form}
      onSubmit={submit}
      trigger={<Button size="sm">Invite staff</Button>}
      title="Invite a staff member"
      description="They get an email with a link to choose a password. The first role ticked is shown beside their name."
      submitLabel="Send invitation"
      submitDisabled={email.trim() === '' || name.trim() === '' || roles.size === 0}
    >
      <FormField control={form.control} name="name" label="Name">
        {(field) => <Input autoComplete="off" required {...field} />}
      </FormField>
      <FormField control={form.control} name="email" label="Email">
        {(field) => <Input type="email" autoComplete="off" required {...field} />}
      </FormField>
      <RoleChoices chosen={roles} onChange={setRoles} />
    </DialogForm>
  );
}

export function ChangeRolesDialog({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [roles, setRoles] = useState<Set<StaffRole>>(new Set(member.staff_roles));
  const notify = useToast();
  const form = useForm<Record<string, never>>({ defaultValues: {} });
  const submit = async () => {
    try {
      const updated = await apiFetch(changeStaffRolesOperation, {
        params: { userId: member.id },
        body: { roles: ordered(roles) },
      });
      setOpen(false);
      notify({
        tone: 'success',
        title: `${updated.name} now holds ${updated.staff_roles.map(staffRoleLabel).join(', ')}`,
      });
      onDone();
    } catch (caught) {
      showServerError(form.setError, caught, []);
    }
  };
  return (
    <DialogForm
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setRoles(new Set(member.staff_roles));
      }}
      form={form}
      onSubmit={submit}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Change the roles of ${member.name}`}>
          Roles
        </Button>
      }
      title={`Roles of ${member.name}`}
      description="Takes effect on their next request. The first role ticked is shown beside their name."
      submitLabel="Save roles"
      submitDisabled={roles.size === 0}
    >
      <RoleChoices chosen={roles} onChange={setRoles} />
    </DialogForm>
  );
}

function DisableStaff({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  return (
    <ConfirmAction
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Disable ${member.name}`}>
          Disable
        </Button>
      }
      title={`Disable ${member.name}?`}
      description="They are signed out everywhere at once and can no longer sign in. Their past actions stay in the audit log."
      confirmLabel="Disable"
      action={() => apiFetch(disableStaffOperation, { params: { userId: member.id } })}
      success={`${member.name} was disabled`}
      failure={`Could not disable ${member.name}`}
      describeError={errorText}
      closeOnError
      onDone={onDone}
    />
  );
}

export function StaffConsole({ currentUserId }: { currentUserId: string }) {
  const staff = useApiQuery(listStaffOperation, { query: { limit: '100' } });
  const refresh = useRefresh(listStaffOperation);
  return (
    <Card
      title="Staff"
      description="Everyone who can sign in to the support console, with their roles. Every change is recorded in the audit log."
      action={<InviteStaffDialog onDone={refresh} />}
    >
      {staff.isPending ? (
        <LoadingBlock label="Loading staff" />
      ) : staff.isError ? (
        <ErrorState title="Could not load the staff" error={staff.error} onRetry={() => staff.refetch()} />
      ) : staff.data.items.length === 0 ? (
        <EmptyState
          title="No staff yet"
          description="Invite a colleague by email with the roles they need."
        />
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Staff">
          {staff.data.items.map((member) => (
            <li key={member.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">
                  {member.name}
                  {member.id === currentUserId ? <span className="text-slate-500"> (you)</span> : null}
                </p>
                <p className="truncate text-sm text-slate-600">{member.email}</p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                  <span>{member.staff_roles.map(staffRoleLabel).join(', ')}</span>
                  <Badge tone={STATUS_TONE[member.status]}>{member.status}</Badge>
                </p>
              </div>
              {member.status === 'disabled' || member.id === currentUserId ? null : (
                <div className="flex items-center gap-2">
                  <ChangeRolesDialog member={member} onDone={refresh} />
                  <DisableStaff member={member} onDone={refresh} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
