// Owns the CSV payment file for corridors a pain.001 does not carry (payees without an IBAN): one line per order,
// the same identifiers as the XML (EndToEndId, UETR) so the bank's answer matches the same way.
import { csvCell, csvLine, csvText } from '@/lib/platform/csv';
import { isoId } from './iso-ids';
import type { TransferGroup } from './transfers';

export const TRANSFER_CSV_HEADER = [
  'end_to_end_id',
  'uetr',
  'amount',
  'currency',
  'charge_bearer',
  'debtor_account',
  'debtor_bic',
  'beneficiary_name',
  'beneficiary_country',
  'bank_name',
  'swift_bic',
  'account_number',
  'routing_code',
  'routing_code_type',
  'reference',
] as const;

export function buildTransferCsv(input: {
  currency: string;
  debtor: { account: string; bic: string };
  groups: readonly TransferGroup[];
}): string {
  let out = csvLine([...TRANSFER_CSV_HEADER]);
  for (const group of input.groups)
    for (const t of group.transactions)
      out += csvLine([
        isoId(t.orderId),
        t.uetr,
        t.amount,
        input.currency,
        group.chargeBearer,
        csvCell(input.debtor.account),
        csvCell(input.debtor.bic),
        csvText(t.creditorName),
        csvCell(t.creditorCountry),
        csvText(t.bankName),
        csvCell(t.creditorBic),
        csvCell(t.creditorIban ?? t.creditorAccountNumber),
        csvCell(t.routingCode),
        csvCell(t.routingCodeType),
        csvText(t.remittance),
      ]);
  return out;
}
