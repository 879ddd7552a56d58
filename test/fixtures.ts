// Owns test fixtures built through the real services: organizations with API keys, funded balances.

import { db } from '@/db/client';
import type { ApiKeyRole } from '@/db/schema/identity/api-keys';
import type { Entitlement } from '@/db/schema/identity/organizations';
import { creditDeposit } from '@/lib/funding/server/deposits';
import { createApiKey } from '@/lib/identity/server/auth/api-key-lifecycle';
import { createOrganization } from '@/lib/identity/server/organizations/create-organization';
import { ensureSandboxChains } from '@/lib/platform/chains/sandbox-chains';
import { apiClient, type TestCredentials } from './api';

export interface TestOrganization {
  orgId: string;
  credentials: TestCredentials & { apiKeyId: string };
}

let counter = 0;

export async function createTestOrganization(
  options: {
    entitlements?: Entitlement[];
    role?: ApiKeyRole;
    rateLimitPerMinute?: number;
    name?: string;
    /**
     * Whether confirm must send the review digest. Off unless asked: a fixture organization plays a v2 integrator
     * of before 2.10.0, whose bodyless confirm must keep working (organizations opened from 2.10.0 default to on).
     */
    requireReviewDigest?: boolean;
  } = {},
): Promise<TestOrganization> {
  await ensureSandboxChains(db());
  counter += 1;
  const organization = await createOrganization(db(), {
    name: options.name ?? `Test Org ${counter}`,
    entitlements: options.entitlements,
    requireReviewDigest: options.requireReviewDigest ?? false,
  });
  const credentials = await addApiKey(organization.id, options);
  return { orgId: organization.id, credentials };
}

export async function addApiKey(
  orgId: string,
  options: { role?: ApiKeyRole; rateLimitPerMinute?: number; createdByUserId?: string } = {},
): Promise<TestCredentials & { apiKeyId: string }> {
  const key = await createApiKey(db(), {
    orgId,
    name: 'test key',
    // Fixtures that need to confirm or withdraw rely on this: keys themselves default to member.
    role: options.role ?? 'approver',
    rateLimitPerMinute: options.rateLimitPerMinute,
    createdByUserId: options.createdByUserId,
  });
  return {
    apiKey: key.apiKey,
    privateKeyPem: key.privateKeyPem!,
    sharedSecret: key.sharedSecret,
    apiKeyId: key.id,
  };
}

export async function fund(orgId: string, amount: string): Promise<void> {
  await creditDeposit(db(), { orgId, amount });
}

/** Subscribes `url` to `eventTypes` through the API, as an integrator does; the endpoint's id. */
export async function createWebhookEndpoint(
  credentials: TestCredentials,
  url: string,
  eventTypes: string[],
): Promise<string> {
  const response = await apiClient(credentials).request<{ id: string }>(
    'POST',
    '/api/v2/webhooks/endpoints',
    {
      body: { url, event_types: eventTypes },
    },
  );
  if (response.status !== 201) {
    throw new Error(
      `creating a webhook endpoint answered ${response.status}: ${JSON.stringify(response.data)}`,
    );
  }
  return response.data.id;
}
