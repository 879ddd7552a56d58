// Owns the declarations of staff onboarding in the support console: a support lead invites staff and sets their
// roles, and opens client organizations with their first admin's invitation.
import { defineOperation } from '@/lib/platform/operations/operation';
import { listEnvelopeSchema, paginationQuery } from '@/lib/platform/pagination';
import {
  changeStaffRolesBody,
  createClientOrganizationBody,
  createdClientOrganizationSchema,
  inviteStaffBody,
  staffMemberSchema,
  staffParams,
} from './staff-schemas';

export const listStaffOperation = defineOperation({
  id: 'listStaff',
  method: 'GET',
  path: '/api/v2/support/staff',
  summary: "The provider's staff: name, email, roles and status (support lead)",
  description:
    'Every staff member, invited, active or disabled, by name. `invited` means the person has not yet chosen a password through the emailed link.',
  tags: ['Staff and onboarding'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  query: paginationQuery,
  response: {
    status: 200,
    description: 'A page of staff members, by name',
    schema: listEnvelopeSchema(staffMemberSchema),
  },
});

export const inviteStaffOperation = defineOperation({
  id: 'inviteStaff',
  method: 'POST',
  path: '/api/v2/support/staff',
  summary: 'Invite a staff member by email with their roles (support lead)',
  description:
    'Creates the staff account with no usable password and emails the person a link to choose one (valid 7 days, once); then they sign in to the support console. The first role is the primary one. Inviting a person who is still `invited` again sends a new link (the old one stops working) and sets the name and roles given. An email that already has an account (staff or client) is refused with 409 `staff_email_taken`: staff accounts are never client accounts. Audited as `staff.invited`.',
  tags: ['Staff and onboarding'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  body: inviteStaffBody,
  errors: ['staff_email_taken'],
  response: { status: 201, description: 'The staff member, `invited`', schema: staffMemberSchema },
});

export const changeStaffRolesOperation = defineOperation({
  id: 'changeStaffRoles',
  method: 'PUT',
  path: '/api/v2/support/staff/{userId}/roles',
  summary: "Set a staff member's roles (support lead)",
  description:
    'Replaces every role the person holds; the first is the primary one. Taking `support_lead` from the last active lead is refused with 409 `last_staff_lead`. Takes effect on their next request. Audited as `staff.roles_changed` with the roles before and after.',
  tags: ['Staff and onboarding'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  params: staffParams,
  body: changeStaffRolesBody,
  errors: ['resource_not_found', 'last_staff_lead', 'staff_disabled'],
  response: { status: 200, description: 'The staff member', schema: staffMemberSchema },
});

export const disableStaffOperation = defineOperation({
  id: 'disableStaff',
  method: 'POST',
  path: '/api/v2/support/staff/{userId}/disable',
  summary: 'Disable a staff member: they can no longer sign in (support lead)',
  description:
    'Ends every session of the person at once and voids their set-password links. A lead cannot disable themselves (409 `cannot_disable_self`) nor the last active lead (409 `last_staff_lead`). Disabling a disabled person changes nothing. Audited as `staff.disabled`.',
  tags: ['Staff and onboarding'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  params: staffParams,
  errors: ['resource_not_found', 'last_staff_lead', 'cannot_disable_self'],
  response: { status: 200, description: 'The staff member, `disabled`', schema: staffMemberSchema },
});

export const createClientOrganizationOperation = defineOperation({
  id: 'createClientOrganization',
  method: 'POST',
  path: '/api/v2/support/organizations',
  summary: 'Open a client organization and invite its first admin by email (support lead)',
  description:
    'Creates the organization with the products it may use (and its funding addresses and ledger accounts), sets its default margin when given, and emails `admin_email` an invitation to join it as admin (valid 7 days); the invitee signs up from the link. All in one transaction: a refusal stores nothing. Audited as `organization.created` and `invitation.created`, naming the staff member.',
  tags: ['Staff and onboarding'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  body: createClientOrganizationBody,
  response: {
    status: 201,
    description: 'The organization and its admin invitation',
    schema: createdClientOrganizationSchema,
  },
});

export const supportStaffOperations = [
  listStaffOperation,
  inviteStaffOperation,
  changeStaffRolesOperation,
  disableStaffOperation,
  createClientOrganizationOperation,
];
