// Owns the wire shapes of staff management (a support lead's Staff page) and of opening a client organization.
import { z } from 'zod';
import { ENTITLEMENTS } from '@/lib/platform/actor/entitlements';
import { STAFF_ROLES } from '@/lib/platform/actor/roles';
import { idSchema, timestampSchema } from '@/lib/platform/schemas/common';

export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

const staffRoleSchema = z.enum(STAFF_ROLES);

const staffRolesField = z
  .array(staffRoleSchema)
  .min(1, { error: 'give at least one role' })
  .refine((roles) => new Set(roles).size === roles.length, { error: 'lists a role twice' })
  .meta({
    description:
      'Every staff role the person holds, at least one; the first is the primary role shown beside their name. `support_lead` includes `support`.',
  });

const personName = z.string().trim().min(1, { error: 'must not be empty' }).max(100);

export const staffMemberSchema = z
  .object({
    id: idSchema,
    email: z.string(),
    name: z.string(),
    staff_role: staffRoleSchema.meta({ description: 'The primary role' }),
    staff_roles: z.array(staffRoleSchema),
    status: z.enum(STAFF_STATUSES).meta({
      description:
        '`invited` until the person chooses a password through the emailed link; `disabled` can no longer sign in',
    }),
    created_at: timestampSchema,
    disabled_at: timestampSchema.nullable(),
  })
  .meta({ id: 'StaffMember' });

export const inviteStaffBody = z
  .object({
    email: z.email({ error: 'must be an email address' }).max(254),
    name: personName,
    roles: staffRolesField,
  })
  .strict()
  .meta({ id: 'InviteStaffRequest' });

export const changeStaffRolesBody = z
  .object({ roles: staffRolesField })
  .strict()
  .meta({ id: 'ChangeStaffRolesRequest' });

export const staffParams = z.object({ userId: idSchema });

export const createClientOrganizationBody = z
  .object({
    name: personName.max(200),
    legal_name: z.string().trim().min(1).max(200).optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 code such as DE' })
      .optional(),
    entitlements: z
      .array(z.enum(ENTITLEMENTS))
      .min(1, { error: 'give at least one product' })
      .refine((list) => new Set(list).size === list.length, { error: 'lists a product twice' })
      .meta({ description: 'The products the organization may use' }),
    margin_bps: z
      .string()
      .regex(/^\d{1,4}(\.\d{1,2})?$/, { error: 'must be basis points such as "50" (0.50 %), below 10000' })
      .optional()
      .meta({
        description: "The organization's default margin in basis points; the provider default when left out",
      }),
    admin_email: z.email({ error: 'must be an email address' }).max(254),
  })
  .strict()
  .meta({ id: 'CreateClientOrganizationRequest' });

export const createdClientOrganizationSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    entitlements: z.array(z.enum(ENTITLEMENTS)),
    margin_bps: z.string().nullable(),
    admin_invitation: z.object({
      id: idSchema,
      email: z.string(),
      expires_at: timestampSchema,
    }),
    created_at: timestampSchema,
  })
  .meta({ id: 'CreatedClientOrganization' });

export type StaffMemberWire = z.input<typeof staffMemberSchema>;
export type CreatedClientOrganizationWire = z.input<typeof createdClientOrganizationSchema>;
