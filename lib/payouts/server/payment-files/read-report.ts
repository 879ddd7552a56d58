// Owns recognising an uploaded bank report by its content (the root element's namespace, or a CSV header) and
// reading it into entries; anything else is 400 `invalid_report` and nothing is stored.
import type { PaymentReportFormat } from '@/lib/payouts/contract/enums';
import { ApiError } from '@/lib/platform/errors/api-error';
import { CAMT_054_NAMESPACE, readCamt054 } from './camt054';
import { PAIN_002_NAMESPACE, readPain002 } from './pain002';
import { readReportCsv } from './report-csv';
import type { ReadReport } from './report-entries';
import { at, documentNamespace, parseXml, type XmlNode } from './xml';

export function readBankReport(text: string): ReadReport & { format: PaymentReportFormat } {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (!start.startsWith('<')) return { format: 'csv', ...readReportCsv(text) };
  const document = at(parseXml(text), 'Document') as XmlNode | undefined;
  const namespace = documentNamespace(text);
  const pain002 = document ? (at(document, 'CstmrPmtStsRpt') as XmlNode | undefined) : undefined;
  if (namespace === PAIN_002_NAMESPACE && pain002)
    return { format: 'pain.002.001.10', ...readPain002(pain002) };
  const camt054 = document ? (at(document, 'BkToCstmrDbtCdtNtfctn') as XmlNode | undefined) : undefined;
  if (namespace === CAMT_054_NAMESPACE && camt054)
    return { format: 'camt.054.001.08', ...readCamt054(camt054) };
  throw new ApiError(
    'bad_request',
    `file: not a ${PAIN_002_NAMESPACE} or ${CAMT_054_NAMESPACE} document (its namespace is ${namespace ?? 'missing'})`,
    { code: 'invalid_report', param: 'file' },
  );
}
