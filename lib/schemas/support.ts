// Owns the wire shapes of the support console's own resources: the signed-in staff member and their view.
import { z } from 'zod';
import { STAFF_ROLES } from '@/lib/enums/users';
import { idSchema, timestampSchema } from './common';

export const supportViewSchema = z
  .object({
    id: idSchema,
    org_id: idSchema,
    org_name: z.string(),
    reason: z.string().meta({ description: 'The ticket or explanation given when the view started' }),
    started_at: timestampSchema,
    expires_at: timestampSchema,
  })
  .meta({
    id: 'SupportView',
    description: 'A read-only "view as organization": the organization\'s own operations read as its admin.',
  });

export const staffMeSchema = z
  .object({
    id: idSchema,
    email: z.string(),
    name: z.string(),
    staff_role: z.enum(STAFF_ROLES),
    view: supportViewSchema.nullable().meta({ description: 'The active view, or null' }),
  })
  .meta({ id: 'StaffMe' });

export type StaffMeWire = z.input<typeof staffMeSchema>;
