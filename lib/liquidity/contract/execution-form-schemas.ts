// Owns the rules of recording a withdrawal's execution on the support console's Custody page (operations, manual
// custody), loaded after the page (see lib/platform/browser/lazy-schema.ts). Held to recordWithdrawalExecution's own
// wire schema (lib/platform/browser/wire-rule.ts), so the API's rules are written once; an empty custodian reference
// sends none (the server derives one).
import { z } from 'zod';
import { noneIfEmpty, wireText } from '@/lib/platform/browser/wire-rule';
import { recordWithdrawalExecutionBody } from './execution-schemas';

const field = recordWithdrawalExecutionBody.shape;

export const withdrawalExecution = z.object({
  transaction_hash: wireText(
    field.transaction_hash,
    'The transaction hash: 64 hex characters, 0x-prefixed on Ethereum',
  ),
  custody_reference: wireText(field.custody_reference, { too_big: 'At most 100 characters' }, noneIfEmpty),
});
