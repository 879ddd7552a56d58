// Owns the event types of liquidity: withdrawals and the address book (public), loans, routes and proofs (internal).
import { z } from 'zod';
import { defineEvents, statusEvents } from '@/lib/platform/events/define';
import { WITHDRAWAL_STATUSES } from './enums';
import {
  loanRepaymentSchema,
  loanSchema,
  proofOfSettlementSchema,
  settlementRouteSchema,
  utilizationProofSchema,
  walletSchema,
  withdrawalSchema,
} from './schemas';

export const liquidityEvents = {
  ...statusEvents('withdrawal', WITHDRAWAL_STATUSES, {
    visibility: 'public',
    data: withdrawalSchema,
    describe: (status) => `A withdrawal moved to ${status}.`,
  }),
  ...defineEvents({
    'withdrawal.approved': {
      resource: 'withdrawal',
      visibility: 'public',
      description:
        'A second approver approved a withdrawal that waited under the approval policy; it goes to custody now.',
      data: withdrawalSchema,
    },
    'withdrawal.approval_requested': {
      resource: 'withdrawal',
      visibility: 'public',
      description:
        'Approval rules matched a new withdrawal: it waits (`SUBMITTED`/`pending_approval`, held, nothing sent) for the approvals `approval` lists.',
      data: withdrawalSchema,
    },
    'withdrawal.approval_recorded': {
      resource: 'withdrawal',
      visibility: 'public',
      description:
        'Someone filled a slot of a waiting withdrawal’s approval; with the last one `withdrawal.approved` follows and it goes to custody.',
      data: withdrawalSchema,
    },
    'withdrawal.approval_rejected': {
      resource: 'withdrawal',
      visibility: 'public',
      description:
        'A waiting withdrawal’s approval was rejected (`approval.rejection`); `withdrawal.rejected` follows.',
      data: withdrawalSchema,
    },
    'withdrawal.rejected': {
      resource: 'withdrawal',
      visibility: 'public',
      description:
        'A withdrawal that waited under the approval policy was rejected (or cancelled by its requester); `withdrawal.failed` follows and the hold is released.',
      data: withdrawalSchema,
    },
    'wallet.approved': {
      resource: 'wallet',
      visibility: 'public',
      description: 'A second approver approved a new address-book wallet; its cooling-off period starts now.',
      data: walletSchema,
    },
    'wallet.approval_requested': {
      resource: 'wallet',
      visibility: 'public',
      description:
        'Approval rules matched a new wallet: it is `PENDING_APPROVAL` until the approvals `approval` lists.',
      data: walletSchema,
    },
    'wallet.approval_recorded': {
      resource: 'wallet',
      visibility: 'public',
      description:
        'Someone filled a slot of a new wallet’s approval; with the last one `wallet.approved` follows and its cooling-off starts.',
      data: walletSchema,
    },
    'wallet.approval_rejected': {
      resource: 'wallet',
      visibility: 'public',
      description:
        'An approver rejected a new wallet that waited for approval (`approval.rejection` has who and why): it left the address book and was never usable; adding it again asks afresh.',
      data: walletSchema,
    },
    'wallet.added': {
      resource: 'wallet',
      visibility: 'public',
      description:
        'An address was added to the address book (usable after its cooling-off period; under the approval policy, `PENDING_APPROVAL` first).',
      data: walletSchema,
    },
    'wallet.removed': {
      resource: 'wallet',
      visibility: 'public',
      description: 'An address was removed from the address book.',
      data: walletSchema,
    },
    'withdrawal_request.rejected': {
      resource: 'withdrawal_request',
      visibility: 'internal',
      description: 'A withdrawal request was refused before it became a withdrawal.',
      data: z.object({ amount: z.string(), reason: z.string().nullish() }),
    },
    'loan.created': {
      resource: 'loan',
      visibility: 'internal',
      description: 'A loan was recorded for the organization.',
      data: loanSchema,
    },
    'loan.repayment_recorded': {
      resource: 'loan',
      visibility: 'internal',
      description: 'A repayment of a loan was recorded.',
      data: loanRepaymentSchema,
    },
    'settlement_route.created': {
      resource: 'settlement_route',
      visibility: 'internal',
      description: 'A settlement route was set up for the organization.',
      data: settlementRouteSchema,
    },
    'settlement_route.status_changed': {
      resource: 'settlement_route',
      visibility: 'internal',
      description: 'A settlement route was taken out of use or back into use (the route as it is now).',
      data: settlementRouteSchema.extend({ previous_status: settlementRouteSchema.shape.status }),
    },
    'settlement_proof.added': {
      resource: 'settlement_proof',
      visibility: 'internal',
      description: 'A proof-of-settlement file was attached to a settlement route.',
      data: proofOfSettlementSchema,
    },
    'utilization_proof.recorded': {
      resource: 'utilization_proof',
      visibility: 'internal',
      description: 'Liquidity the organization used was recorded.',
      data: utilizationProofSchema.extend({
        route_id: z.string().nullable(),
        reference: z.string().nullable(),
      }),
    },
  }),
};
