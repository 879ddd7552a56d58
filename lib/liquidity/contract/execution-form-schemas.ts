// Owns the rules of recording a withdrawal's execution on the support console's Custody page (operations, manual
// custody) and of the reason settling one that needs review (the Chain page), loaded after the page (see
// lib/platform/browser/lazy-schema.ts). Held to the operations' own wire schemas (lib/platform/browser/wire-rule.ts),
// so the API's rules are written once; an empty custodian reference sends none (the server derives one).
import { z } from 'zod';
import { noneIfEmpty, wireText } from '@/lib/platform/browser/wire-rule';
import { recordWithdrawalExecutionBody, reviewWithdrawalBody } from './execution-schemas';

const field = recordWithdrawalExecutionBody.shape;

export const withdrawalExecution = z.object({
  transaction_hash: wireText(
    field.transaction_hash,
    'The transaction hash: 64 hex characters, 0x-prefixed on Ethereum',
  ),
  custody_reference: wireText(field.custody_reference, { too_big: 'At most 100 characters' }, noneIfEmpty),
});

export const withdrawalReview = z.object({
  reason: wireText(reviewWithdrawalBody.shape.reason, {
    too_small: 'Say what you found (at least 3 characters)',
    too_big: 'At most 500 characters',
  }),
});
