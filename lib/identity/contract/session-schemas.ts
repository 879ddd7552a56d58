// Owns the wire shapes of the browser session itself: which organization it acts for.
import { z } from 'zod';
import { ORG_ROLES } from '@/lib/platform/actor/roles';
import { idSchema } from '@/lib/platform/schemas/common';

export const switchOrganizationBody = z
  .object({ org_id: idSchema.meta({ description: 'An organization the signed-in user is a member of' }) })
  .strict()
  .meta({ id: 'SwitchOrganizationRequest' });

export const sessionOrganizationSchema = z
  .object({
    org_id: idSchema,
    role: z.enum(ORG_ROLES).meta({ description: "The user's role there" }),
  })
  .meta({ id: 'SessionOrganization' });
