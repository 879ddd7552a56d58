// Owns the declarations of API-key management (session only, admin): no key can mint or revoke keys.

import {
  apiKeyParams,
  apiKeySchema,
  createApiKeyBody,
  createdApiKeySchema,
} from '@/lib/identity/contract/api-keys-schemas';
import { defineOperation } from '@/lib/platform/operations/operation';
import { listEnvelopeSchema, paginationQuery } from '@/lib/platform/pagination';

const KEYS = ['API keys'];

export const listApiKeysOperation = defineOperation({
  id: 'listApiKeys',
  method: 'GET',
  path: '/api/v2/api-keys',
  summary: "The organization's API keys",
  description: 'Newest first, revoked keys included. Never a key, a shared secret or a private key.',
  tags: KEYS,
  session: true,
  role: 'admin',
  query: paginationQuery,
  response: { status: 200, description: 'A page of keys', schema: listEnvelopeSchema(apiKeySchema) },
});

export const createApiKeyOperation = defineOperation({
  id: 'createApiKey',
  method: 'POST',
  path: '/api/v2/api-keys',
  summary: 'Create an API key',
  description:
    'Generates an ES256 (P-256) key pair, or registers your own public key (`public_key`, SPKI PEM; a private key or another curve is 422). The answer is the only time the key, its shared secret and a generated private key are shown: only the key’s hash and the encrypted secret are kept. Not idempotent: an `Idempotency-Key` is ignored, so the secrets are never stored for a replay.',
  tags: KEYS,
  session: true,
  role: 'admin',
  body: createApiKeyBody,
  idempotent: false,
  response: { status: 201, description: 'The key with its secrets, shown once', schema: createdApiKeySchema },
});

export const revokeApiKeyOperation = defineOperation({
  id: 'revokeApiKey',
  method: 'DELETE',
  path: '/api/v2/api-keys/{apiKeyId}',
  summary: 'Revoke an API key',
  description: 'Requests with it fail at once on every instance. Revoking twice answers the same.',
  tags: KEYS,
  session: true,
  role: 'admin',
  params: apiKeyParams,
  response: { status: 200, description: 'The revoked key', schema: apiKeySchema },
});

export const apiKeyOperations = [listApiKeysOperation, createApiKeyOperation, revokeApiKeyOperation];
