// Owns the declarations of the support lead's liquidity back office operations (audience staff, support_lead).
import { z } from 'zod';
import { defineOperation } from '@/lib/platform/operations/operation';
import { idSchema } from '@/lib/platform/schemas/common';
import {
  loanRepaymentSchema,
  loanSchema,
  proofOfSettlementSchema,
  settlementRouteSchema,
  utilizationProofSchema,
} from './schemas';
import {
  attachProofFields,
  backOfficeSchema,
  createLoanBody,
  createRouteBody,
  loanIdParams,
  recordRepaymentBody,
  recordUtilizationBody,
  routeParams,
  updateRouteBody,
} from './support-schemas';

const orgParams = z.object({ orgId: idSchema });

export const getLiquidityBackOfficeOperation = defineOperation({
  id: 'getLiquidityBackOffice',
  method: 'GET',
  path: '/api/v2/support/organizations/{orgId}/liquidity',
  summary:
    "An organization's loans, repayments, settlement routes with their proofs, utilization (support lead)",
  tags: ['Support'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  params: orgParams,
  response: { status: 200, description: 'The liquidity back office', schema: backOfficeSchema },
});

export const createSupportLoanOperation = defineOperation({
  id: 'createSupportLoan',
  method: 'POST',
  path: '/api/v2/support/organizations/{orgId}/liquidity/loans',
  summary: 'Extend a loan to the organization (support lead)',
  tags: ['Support'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  idempotent: false,
  params: orgParams,
  body: createLoanBody,
  errors: ['forbidden'],
  response: { status: 201, description: 'The loan', schema: loanSchema },
});

export const recordSupportRepaymentOperation = defineOperation({
  id: 'recordSupportRepayment',
  method: 'POST',
  path: '/api/v2/support/organizations/{orgId}/liquidity/loans/{loanId}/repayments',
  summary: "Record a repayment of one of the organization's loans (support lead)",
  tags: ['Support'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  idempotent: false,
  params: loanIdParams,
  body: recordRepaymentBody,
  errors: ['forbidden', 'loan_not_found'],
  response: { status: 201, description: 'The repayment', schema: loanRepaymentSchema },
});

export const createSupportRouteOperation = defineOperation({
  id: 'createSupportRoute',
  method: 'POST',
  path: '/api/v2/support/organizations/{orgId}/liquidity/routes',
  summary: 'Create a settlement route for the organization over a corridor and a chain (support lead)',
  tags: ['Support'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  idempotent: false,
  params: orgParams,
  body: createRouteBody,
  errors: ['forbidden', 'corridor_not_found', 'chain_not_found'],
  response: { status: 201, description: 'The route', schema: settlementRouteSchema },
});

export const updateSupportRouteOperation = defineOperation({
  id: 'updateSupportRoute',
  method: 'PATCH',
  path: '/api/v2/support/organizations/{orgId}/liquidity/routes/{routeId}',
  summary: 'Take a settlement route out of use, or back into use (support lead)',
  tags: ['Support'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  params: routeParams,
  body: updateRouteBody,
  errors: ['forbidden'],
  response: { status: 200, description: 'The route as it is now', schema: settlementRouteSchema },
});

export const attachSupportProofOperation = defineOperation({
  id: 'attachSupportProof',
  method: 'POST',
  path: '/api/v2/support/organizations/{orgId}/liquidity/routes/{routeId}/proofs',
  summary: 'Attach a proof-of-settlement document to a route (support lead)',
  description:
    'A `multipart/form-data` body: part `file` (PDF, PNG or JPEG by its content, at most 10 MiB; its SHA-256 is computed and stored through the file store) and field `recorded_at` (when the settlement took place); optional fields `batch_id` (the payout batch whose settlement it proves: the batch links the proof) and `transaction_hash` (the on-chain settlement transaction, shown with the proof).',
  tags: ['Support'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  idempotent: false,
  params: routeParams,
  bodyKind: 'multipart',
  body: attachProofFields,
  files: {
    file: {
      description: 'The proof: PDF, PNG or JPEG, at most 10 MiB',
      contentTypes: ['application/pdf', 'image/png', 'image/jpeg'],
    },
  },
  maxBodyBytes: 10 * 1024 * 1024 + 64 * 1024,
  errors: ['forbidden', 'invalid_file', 'unsupported_file_type', 'route_not_found', 'batch_not_found'],
  response: { status: 201, description: 'The proof', schema: proofOfSettlementSchema },
});

export const recordSupportUtilizationOperation = defineOperation({
  id: 'recordSupportUtilization',
  method: 'POST',
  path: '/api/v2/support/organizations/{orgId}/liquidity/utilization-proofs',
  summary: 'Record liquidity the organization used, optionally on one of its routes (support lead)',
  tags: ['Support'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  idempotent: false,
  params: orgParams,
  body: recordUtilizationBody,
  errors: ['forbidden', 'route_not_found'],
  response: { status: 201, description: 'The utilization proof', schema: utilizationProofSchema },
});

export const supportLiquidityOperations = [
  getLiquidityBackOfficeOperation,
  createSupportLoanOperation,
  recordSupportRepaymentOperation,
  createSupportRouteOperation,
  updateSupportRouteOperation,
  attachSupportProofOperation,
  recordSupportUtilizationOperation,
];
