// Every API operation, in the order the OpenAPI document lists them; a route file exists for each.

import { fundingOperations } from '@/lib/funding/contract/operations';
import { liquidityOperations } from '@/lib/liquidity/contract/operations';
import { supportLiquidityOperations } from '@/lib/liquidity/contract/support-operations';
import type { Operation } from '@/lib/platform/operations/operation';
import { eventOperations, webhookOperations } from '@/lib/webhooks/contract/operations';
import { accountOperations } from '../api/operations/account';
import { apiKeyOperations } from '../api/operations/api-keys';
import { metaOperations } from '../api/operations/meta';
import { getMyOrganizationOperation } from '../api/operations/organizations';
import { getSandboxOutboxOperation } from '../api/operations/outbox';
import { sandboxOperations } from '../api/operations/sandbox';
import { sessionOperations } from '../api/operations/session';
import { teamOperations } from '../api/operations/team';
import { payoutsOperations } from '../payouts/contract/operations';
import { profileOperations } from '../profiles/contract/operations';
import {
  getAccessLogOperation,
  listStaffReadsOperation,
  supportOperations,
  supportPricingOperations,
} from '../support/contract/operations';
import { supportReviewOperations } from '../support/contract/reviews-operations';

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
