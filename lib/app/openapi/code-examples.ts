// Owns the examples of declared codes whose words depend on the operation or carry what changed: each rendered by the
// very function the service raises it with, so the document shows what the server sends. A code without an entry here
// shows its catalogue example (lib/platform/errors/codes.ts).
import {
  attachBatchSourceFileOperation,
  confirmBatchOperation,
  createBatchOperation,
  discardBatchOperation,
  requoteBatchOperation,
} from '@/lib/payouts/contract/operations';
import {
  type DRAFT_CHANGES,
  diffReview,
  notAwaitingConfirmation,
  ordersRefused,
  type ReviewedOrder,
  reviewOutdated,
} from '@/lib/payouts/server';
import type { ApiError } from '@/lib/platform/errors/api-error';
import type { ErrorCode } from '@/lib/platform/errors/codes';
import { quoteWith } from '@/lib/pricing/server';

type CodeExamples = Partial<Record<ErrorCode, () => ApiError>>;

/** A batch that was confirmed already: its orders wait for funding, so it reads IN_PROGRESS. */
const CONFIRMED = { status: 'IN_PROGRESS' } as const;

/** One order as reviewed; the example changes its beneficiary's bank details under the draft. */
const REVIEWED_ORDER: ReviewedOrder = {
  beneficiary_amount: '1000.00',
  beneficiary_currency: 'EUR',
  fee_type: 'SHA',
  fee_amount: '4.50',
  source_amount: '1093.94',
  purpose_code: 'SUPP',
  sender_profile_id: '0190a3e2-5b7c-7d1e-8f00-000000000001',
  sender_details_version: 1,
  beneficiary_profile_id: '0190a3e2-5b7c-7d1e-8f00-000000000002',
  beneficiary_details_version: 1,
};
const QUOTE_EXPIRES_AT = '2026-11-27T10:30:00.000Z';

function reviewOutdatedExample(): ApiError {
  return reviewOutdated(
    diffReview(
      { quote_expires_at: QUOTE_EXPIRES_AT, orders: [REVIEWED_ORDER] },
      {
        quote_expires_at: QUOTE_EXPIRES_AT,
        orders: [{ ...REVIEWED_ORDER, beneficiary_details_version: 2 }],
      },
    ),
  );
}

/** An order whose beneficiary is in review: its `errors[]` entry carries `profile_not_ready`, as the services word it. */
const notReady = (wording: string) => [
  {
    field: 'orders.0.beneficiary_profile_id',
    code: 'profile_not_ready' as const,
    message: `orders.0.beneficiary_profile_id: beneficiary profile ${wording} (it is in_review)`,
  },
];

/** A draft whose currency lost its corridor since it was created, refused by the quoting code itself. */
function requoteRefusedExample(): ApiError {
  const pricing = { corridors: new Map(), rates: new Map(), margins: new Map() };
  const { errors } = quoteWith(pricing, [
    { path: 'orders.0', beneficiaryAmount: '1000.00', currency: 'EUR', feeType: 'SHA' },
  ]);
  return ordersRefused(errors, 'the batch was not re-quoted');
}

const draftChange = (change: keyof typeof DRAFT_CHANGES): CodeExamples => ({
  batch_not_awaiting_confirmation: () => notAwaitingConfirmation(CONFIRMED, change),
});

const BY_OPERATION: Record<string, CodeExamples> = {
  [createBatchOperation.id]: { orders_invalid: () => ordersRefused(notReady('is not ready')) },
  [confirmBatchOperation.id]: {
    ...draftChange('confirm'),
    review_outdated: reviewOutdatedExample,
    orders_invalid: () => ordersRefused(notReady('is no longer ready'), 'the batch was not confirmed'),
  },
  [discardBatchOperation.id]: draftChange('discard'),
  [requoteBatchOperation.id]: { ...draftChange('requote'), orders_invalid: requoteRefusedExample },
  [attachBatchSourceFileOperation.id]: draftChange('attachSourceFile'),
};

/** The example of a declared code for one operation, when the operation words it its own way. */
export function codeExampleFor(operationId: string, code: ErrorCode): ApiError | undefined {
  return BY_OPERATION[operationId]?.[code]?.();
}
