// Owns reading ISO 20022 pain.002.001.10 (customer payment status report): statuses for the whole file (GrpSts),
// one group (PmtInfSts) or one transaction (TxSts), each with its first reason (StsRsnInf/Rsn/Cd, AddtlInf).
import type { GroupEntry, ReadReport, ReportEntry } from './report-entries';
import { at, listAt, textAt, type XmlNode } from './xml';

export const PAIN_002_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.10';

function reasonOf(nodeValue: unknown): { reasonCode: string | null; reasonText: string | null } {
  const [reason] = listAt(nodeValue, 'StsRsnInf');
  if (!reason) return { reasonCode: null, reasonText: null };
  const code = textAt(reason, 'Rsn', 'Cd') ?? textAt(reason, 'Rsn', 'Prtry');
  const additional = at(reason, 'AddtlInf');
  const texts = (Array.isArray(additional) ? additional : []).filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  return { reasonCode: code, reasonText: texts.length > 0 ? texts.join(' ') : null };
}

/** The report inside `Document/CstmrPmtStsRpt`. */
export function readPain002(report: XmlNode): ReadReport {
  const original = textAt(report, 'OrgnlGrpInfAndSts', 'OrgnlMsgId');
  const entries: ReportEntry[] = [];
  const groupStatus = textAt(report, 'OrgnlGrpInfAndSts', 'GrpSts');
  if (groupStatus && original) {
    entries.push({
      level: 'group',
      messageId: original,
      paymentInformationId: null,
      status: groupStatus,
      ...reasonOf(listAt(report, 'OrgnlGrpInfAndSts')[0]),
    } satisfies GroupEntry);
  }
  for (const group of listAt(report, 'OrgnlPmtInfAndSts')) {
    const groupId = textAt(group, 'OrgnlPmtInfId');
    const status = textAt(group, 'PmtInfSts');
    if (status && original)
      entries.push({
        level: 'group',
        messageId: original,
        paymentInformationId: groupId,
        status,
        ...reasonOf(group),
      });
    for (const tx of listAt(group, 'TxInfAndSts')) {
      const reference = textAt(tx, 'OrgnlEndToEndId');
      const txStatus = textAt(tx, 'TxSts');
      if (!reference || !txStatus) continue;
      entries.push({
        level: 'transaction',
        reference,
        status: txStatus,
        ...reasonOf(tx),
        bankReference: textAt(tx, 'AcctSvcrRef') ?? textAt(tx, 'ClrSysRef'),
      });
    }
  }
  return { originalMessageId: original, entries };
}
