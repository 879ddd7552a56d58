// Every API operation, in the order the OpenAPI document lists them; a route file exists for each.
import type { Operation } from '@/lib/api/operation';
import { accountOperations } from './account';
import { apiKeyOperations } from './api-keys';
import { fundingOperations } from './funding';
import { liquidityOperations } from './liquidity';
import { metaOperations } from './meta';
import { getMyOrganizationOperation } from './organizations';
import { getSandboxOutboxOperation } from './outbox';
import { payoutsOperations } from './payouts';
import { profileOperations } from './profiles';
import { sandboxOperations } from './sandbox';
import { sessionOperations } from './session';
import { getAccessLogOperation, supportOperations, supportPricingOperations } from './support';
import { teamOperations } from './team';
import { eventOperations, webhookOperations } from './webhooks';

export const allOperations: readonly Operation[] = [
  getMyOrganizationOperation,
  getAccessLogOperation,
  ...fundingOperations,
  ...profileOperations,
  ...payoutsOperations,
  ...webhookOperations,
  ...eventOperations,
  ...liquidityOperations,
  ...sandboxOperations,
  getSandboxOutboxOperation,
  ...sessionOperations,
  ...teamOperations,
  ...apiKeyOperations,
  ...accountOperations,
  ...supportOperations,
  ...supportPricingOperations,
  ...metaOperations,
];
