// Owns the wire shapes of API keys: the list (never a secret) and the one answer that carries the secrets.
import { z } from 'zod';
import { API_KEY_ROLES, DEFAULT_API_KEY_ROLE } from '@/lib/identity/contract/api-keys-enums';
import { idSchema, timestampSchema } from '@/lib/platform/schemas/common';

export const apiKeySchema = z
  .object({
    id: idSchema,
    name: z.string(),
    prefix: z.string().meta({
      description: 'The first characters of the key, to tell keys apart',
      example: 'sk_sandbox_Qm3x',
    }),
    role: z.enum(API_KEY_ROLES),
    rate_limit_per_minute: z.number().int(),
    public_key_pem: z
      .string()
      .meta({ description: 'The ES256 public key tokens of this key verify against (SPKI PEM)' }),
    created_by: z.string().nullable().meta({ description: 'Name of the person who created it' }),
    created_at: timestampSchema,
    last_used_at: timestampSchema.nullable().meta({ description: 'Kept to within 30 seconds' }),
    revoked_at: timestampSchema.nullable(),
  })
  .meta({ id: 'ApiKey' });

export const createdApiKeySchema = apiKeySchema
  .extend({
    api_key: z
      .string()
      .meta({ description: 'The key itself (`x-api-key`). Shown this once: only its hash is kept.' }),
    shared_secret: z.string().meta({ description: 'The HMAC secret for `bodyHash`. Shown this once.' }),
    private_key_pem: z.string().nullable().meta({
      description:
        'The generated private key (PKCS#8 PEM), shown this once; null when you registered your own public key.',
    }),
  })
  .meta({ id: 'CreatedApiKey' });

export const createApiKeyBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .meta({ description: 'What the key is for', example: 'ERP integration' }),
    role: z
      .enum(API_KEY_ROLES)
      .optional()
      .meta({
        description: `member or approver (default ${DEFAULT_API_KEY_ROLE}: the least role; ask for approver explicitly); never admin`,
      }),
    rate_limit_per_minute: z.number().int().min(1).max(100_000).optional().meta({
      description: 'Requests per minute for this key (default 100)',
    }),
    public_key: z.string().max(4096).optional().meta({
      description:
        'Your own EC P-256 public key (SPKI PEM). Without it a key pair is generated and its private key returned once.',
    }),
  })
  .strict()
  .meta({ id: 'CreateApiKeyRequest' });

export const apiKeyParams = z.object({ apiKeyId: idSchema });

export type ApiKeyWire = z.input<typeof apiKeySchema>;
export type CreatedApiKeyWire = z.input<typeof createdApiKeySchema>;
