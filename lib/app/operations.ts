// Every API operation, in the order the OpenAPI document lists them; a route file exists for each.

import { approvalRuleOperations } from '@/lib/approvals/contract/operations';
import { fundingOperations } from '@/lib/funding/contract/operations';
import { fundingSupportOperations } from '@/lib/funding/contract/support-operations';
import { accountOperations } from '@/lib/identity/contract/account-operations';
import { apiKeyOperations } from '@/lib/identity/contract/api-keys-operations';
import {
  getMyOrganizationOperation,
  getOrganizationSettingsOperation,
  updateOrganizationSettingsOperation,
} from '@/lib/identity/contract/organizations-operations';
import { sessionOperations } from '@/lib/identity/contract/session-operations';
import { teamOperations } from '@/lib/identity/contract/team-operations';
import { withdrawalExecutionOperations } from '@/lib/liquidity/contract/execution-operations';
import { liquidityOperations } from '@/lib/liquidity/contract/operations';
import { supportLiquidityOperations } from '@/lib/liquidity/contract/support-operations';
import { notificationOperations } from '@/lib/notifications/contract/operations';
import { payoutsDeskOperations } from '@/lib/payouts/contract/desk-operations';
import { payoutsOperations } from '@/lib/payouts/contract/operations';
import { paymentFileOperations } from '@/lib/payouts/contract/payment-file-operations';
import type { Operation } from '@/lib/platform/operations/operation';
import { pricingStaffOperations } from '@/lib/pricing/contract/operations';
import { profileOperations } from '@/lib/profiles/contract/operations';
import { sandboxOperations } from '@/lib/sandbox/contract/operations';
import { getSandboxOutboxOperation } from '@/lib/sandbox/contract/outbox-operations';
import { supportEmailOperations } from '@/lib/support/contract/emails-operations';
import {
  getAccessLogOperation,
  listStaffReadsOperation,
  supportOperations,
  supportPricingOperations,
} from '@/lib/support/contract/operations';
import { supportReviewOperations } from '@/lib/support/contract/reviews-operations';
import { supportStaffOperations } from '@/lib/support/contract/staff-operations';
import { eventOperations, webhookOperations } from '@/lib/webhooks/contract/operations';
import { metaOperations } from './meta/operations';

export const allOperations: readonly Operation[] = [
  getMyOrganizationOperation,
  getOrganizationSettingsOperation,
  updateOrganizationSettingsOperation,
  getAccessLogOperation,
  listStaffReadsOperation,
  ...fundingOperations,
  ...profileOperations,
  ...payoutsOperations,
  ...approvalRuleOperations,
  ...webhookOperations,
  ...eventOperations,
  ...liquidityOperations,
  ...sandboxOperations,
  getSandboxOutboxOperation,
  ...sessionOperations,
  ...teamOperations,
  ...apiKeyOperations,
  ...accountOperations,
  ...notificationOperations,
  ...supportOperations,
  ...supportPricingOperations,
  ...pricingStaffOperations,
  ...supportReviewOperations,
  ...supportEmailOperations,
  ...supportStaffOperations,
  ...supportLiquidityOperations,
  ...payoutsDeskOperations,
  ...paymentFileOperations,
  ...fundingSupportOperations,
  ...withdrawalExecutionOperations,
  ...metaOperations,
];
