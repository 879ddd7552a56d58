// Every API operation, in the order the OpenAPI document lists them; a route file exists for each.
import type { Operation } from '@/lib/api/operation';
import { fundingOperations } from '@/lib/funding/contract/operations';
import { liquidityOperations } from '@/lib/liquidity/contract/operations';
import { supportLiquidityOperations } from '@/lib/liquidity/contract/support-operations';
import { eventOperations, webhookOperations } from '@/lib/webhooks/contract/operations';
import { accountOperations } from './account';
import { apiKeyOperations } from './api-keys';
import { metaOperations } from './meta';
import { getMyOrganizationOperation } from './organizations';
import { getSandboxOutboxOperation } from './outbox';
import { payoutsOperations } from './payouts';
import { profileOperations } from './profiles';
import { sandboxOperations } from './sandbox';
import { sessionOperations } from './session';
import {
  getAccessLogOperation,
  listStaffReadsOperation,
  supportOperations,
  supportPricingOperations,
} from './support';
import { supportReviewOperations } from './support-reviews';
import { teamOperations } from './team';

export const allOperations: readonly Operation[] = [
  getMyOrganizationOperation,
  getAccessLogOperation,
  listStaffReadsOperation,
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
  ...supportReviewOperations,
  ...supportLiquidityOperations,
  ...metaOperations,
];
