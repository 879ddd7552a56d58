// Owns reading the desk's CSV report (for corridors whose bank answers in a spreadsheet): a header row
// `order_id,outcome,bank_reference,reason`, one order a line, outcome `paid`, `failed` or `pending`.
import Papa from 'papaparse';
import { ApiError } from '@/lib/platform/errors/api-error';
import type { ReadReport, ReportEntry } from './report-entries';

export const REPORT_CSV_HEADER = ['order_id', 'outcome', 'bank_reference', 'reason'] as const;

function refuse(message: string): never {
  throw new ApiError('bad_request', `file: ${message}`, { code: 'invalid_report', param: 'file' });
}

export function readReportCsv(text: string): ReadReport {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...rows] = parsed.data;
  const names = (header ?? []).map((cell) => cell.trim().toLowerCase());
  const column = (name: string) => names.indexOf(name);
  if (column('order_id') < 0 || column('outcome') < 0)
    refuse(`a CSV report needs the header ${REPORT_CSV_HEADER.join(',')}`);
  const entries: ReportEntry[] = rows.map((row, index) => {
    const cell = (name: string) => {
      const i = column(name);
      const value = i < 0 ? '' : (row[i] ?? '').trim();
      return value === '' ? null : value;
    };
    const reference = cell('order_id');
    const outcome = cell('outcome');
    if (!reference || !outcome) refuse(`line ${index + 2}: order_id and outcome are required`);
    return {
      level: 'transaction',
      reference,
      status: outcome.toUpperCase(),
      reasonCode: null,
      reasonText: cell('reason'),
      bankReference: cell('bank_reference'),
    };
  });
  return { originalMessageId: null, entries };
}
