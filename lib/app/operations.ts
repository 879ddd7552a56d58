// Every API operation, in the order the OpenAPI document lists them; a route file exists for each.

import { fundingOperations } from '@/lib/funding/contract/operations';
import { liquidityOperations } from '@/lib/liquidity/contract/operations';
import { supportLiquidityOperations } from '@/lib/liquidity/contract/support-operations';
import type { Operation } from '@/lib/platform/operations/operation';
import { eventOperations, webhookOperations } from '@/lib/webhooks/contract/operations';
import { accountOperations } from '../identity/contract/account-operations';
import { apiKeyOperations } from '../identity/contract/api-keys-operations';
import { getMyOrganizationOperation } from '../identity/contract/organizations-operations';
import { sessionOperations } from '../identity/contract/session-operations';
import { teamOperations } from '../identity/contract/team-operations';
import { payoutsOperations } from '../payouts/contract/operations';
import { profileOperations } from '../profiles/contract/operations';
import { sandboxOperations } from '../sandbox/contract/operations';
import { getSandboxOutboxOperation } from '../sandbox/contract/outbox-operations';
import {
  getAccessLogOperation,
  listStaffReadsOperation,
  supportOperations,
  supportPricingOperations,
} from '../support/contract/operations';
import { supportReviewOperations } from '../support/contract/reviews-operations';
import { metaOperations } from './meta/operations';

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
