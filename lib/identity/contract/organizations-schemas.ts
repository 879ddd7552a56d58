// Owns the wire shape of the caller's organization and its product entitlements.
import { z } from 'zod';
import { ENTITLEMENTS } from '@/lib/platform/actor/entitlements';
import { idSchema, timestampSchema } from '@/lib/platform/schemas/common';

export const organizationSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    legal_name: z.string().nullable(),
    country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2 country of incorporation' }),
    status: z.enum(['active', 'suspended']),
    entitlements: z
      .array(z.enum(ENTITLEMENTS))
      .meta({ description: 'Products this organization may use; a route of another product answers 403' }),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Organization' });

export type OrganizationWire = z.input<typeof organizationSchema>;
