// Owns reading ISO 20022 camt.054.001.08 (bank-to-customer debit/credit notification): each booked debit entry's
// transactions (matched on Refs/EndToEndId) with the bank's AcctSvcrRef; a pending entry is recorded; a credit
// (money coming back) is listed to the operator, never taken for a payment.
import type { ReadReport, ReportEntry } from './report-entries';
import { listAt, textAt, type XmlNode } from './xml';

export const CAMT_054_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.054.001.08';

/** The notification inside `Document/BkToCstmrDbtCdtNtfctn`. */
export function readCamt054(notification: XmlNode): ReadReport {
  const entries: ReportEntry[] = [];
  for (const ntfctn of listAt(notification, 'Ntfctn'))
    for (const entry of listAt(ntfctn, 'Ntry')) {
      const direction = textAt(entry, 'CdtDbtInd');
      const booked = textAt(entry, 'Sts', 'Cd') ?? textAt(entry, 'Sts');
      const status = direction === 'DBIT' ? (booked ?? 'INFO') : `${direction ?? 'UNKNOWN'}-${booked ?? ''}`;
      const entryReference = textAt(entry, 'AcctSvcrRef');
      for (const details of listAt(entry, 'NtryDtls'))
        for (const tx of listAt(details, 'TxDtls')) {
          const reference = textAt(tx, 'Refs', 'EndToEndId');
          if (!reference) continue;
          entries.push({
            level: 'transaction',
            reference,
            status,
            reasonCode: null,
            reasonText: null,
            bankReference: textAt(tx, 'Refs', 'AcctSvcrRef') ?? entryReference,
          });
        }
    }
  return { originalMessageId: null, entries };
}
