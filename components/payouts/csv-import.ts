// Owns the batch CSV: its template, reading a file into rows, mapping columns, and validating every row against
// the API's own order schema plus what the page knows (beneficiary ready, of that sender, in that currency), in
// chunks so 5,000 rows never freeze the page. A row names its beneficiary by id or by the organization's own
// `client_reference` of the beneficiary (the `beneficiary_reference` column), so files need not carry our ids.
// Amounts are read by the one reader of typed amounts (lib/platform/money/typed-amount.ts), with the decimal mark the file's
// delimiter implies.
import Papa from 'papaparse';
import { orderCreateItemSchema } from '@/lib/payouts/contract/schemas';
import { amountDecimals, type DecimalMark, readTypedAmount } from '@/lib/platform/money/typed-amount';
import { PURPOSE_MEANINGS } from './catalogue';

export const CSV_COLUMNS = [
  'beneficiary_profile_id',
  'beneficiary_reference',
  'beneficiary_amount',
  'beneficiary_currency',
  'fee_type',
  'purpose_code',
  'client_reference',
  'sender_profile_id',
  'beneficiary_name',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

const REQUIRED: readonly CsvColumn[] = ['beneficiary_amount', 'fee_type', 'purpose_code'];

/** A row names its beneficiary through either column; a file needs at least one of them. */
const BENEFICIARY_COLUMNS: readonly CsvColumn[] = ['beneficiary_profile_id', 'beneficiary_reference'];

/** Other headers people write for the same column (compared lower-case, spaces and dashes as underscores). */
const ALIASES: Record<string, CsvColumn> = {
  beneficiary_id: 'beneficiary_profile_id',
  beneficiary: 'beneficiary_profile_id',
  beneficiary_client_reference: 'beneficiary_reference',
  beneficiary_ref: 'beneficiary_reference',
  amount: 'beneficiary_amount',
  currency: 'beneficiary_currency',
  fee: 'fee_type',
  purpose: 'purpose_code',
  reference: 'client_reference',
  sender_id: 'sender_profile_id',
  sender: 'sender_profile_id',
  name: 'beneficiary_name',
};

export interface ImportBeneficiary {
  id: string;
  sender_profile_id: string;
  name: string;
  currency: string;
  status: string;
  client_reference?: string | null;
}

export interface CellError {
  column: CsvColumn | null;
  message: string;
}

export type OrderItem = {
  sender_profile_id: string;
  beneficiary_profile_id: string;
  beneficiary_amount: string;
  beneficiary_currency: string;
  fee_type: 'OUR' | 'SHA';
  purpose_code: string;
  client_reference?: string;
};

export interface ImportedRow {
  /** As in a spreadsheet: the header is row 1, the first order row 2. */
  row: number;
  values: Partial<Record<CsvColumn, string>>;
  beneficiaryName: string | null;
  item: OrderItem | null;
  errors: CellError[];
}

export interface ColumnMapping {
  /** Column index in the file → the column it feeds. */
  columns: (CsvColumn | null)[];
  missing: CsvColumn[];
  ignored: string[];
  duplicated: CsvColumn[];
}

export interface ImportResult {
  fileName: string;
  /** The field separator read from the header line. */
  delimiter: CsvDelimiter;
  mapping: ColumnMapping;
  rows: ImportedRow[];
  accepted: number;
  rejected: number;
  /** A problem with the file as a whole (no header, no rows, too many rows). */
  fileError: string | null;
}

export const MAX_IMPORT_ROWS = 5_000;

function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

export function mapColumns(headers: readonly string[]): ColumnMapping {
  const seen = new Set<CsvColumn>();
  const duplicated: CsvColumn[] = [];
  const ignored: string[] = [];
  const columns = headers.map((header) => {
    const key = normalizeHeader(header);
    const column = (CSV_COLUMNS as readonly string[]).includes(key)
      ? (key as CsvColumn)
      : (ALIASES[key] ?? null);
    if (!column) {
      if (key) ignored.push(header.trim());
      return null;
    }
    if (seen.has(column)) {
      duplicated.push(column);
      return null;
    }
    seen.add(column);
    return column;
  });
  const missing = REQUIRED.filter((c) => !seen.has(c));
  if (!BENEFICIARY_COLUMNS.some((c) => seen.has(c))) missing.unshift('beneficiary_profile_id');
  return { columns, missing, ignored, duplicated };
}

function exampleAmount(whole: number, currency: string): string {
  const decimals = amountDecimals(currency);
  // A currency without minor units gets a larger, whole example (JPY's corridor minimum is 1,000).
  return decimals === 0 ? String(whole * 100) : `${whole}.${'0'.repeat(decimals)}`;
}

/**
 * The template: the header, then one example line per beneficiary given (every one: the file doubles as the list of
 * who can be paid), with both its id and its reference, so either column can be kept.
 */
export function csvTemplate(examples: readonly ImportBeneficiary[]): string {
  const lines: string[][] = [[...CSV_COLUMNS]];
  examples.forEach((b, index) => {
    lines.push([
      b.id,
      b.client_reference ?? '',
      exampleAmount(index === 0 ? 1000 : 250, b.currency),
      b.currency,
      index % 2 === 1 ? 'SHA' : 'OUR',
      'GDSP',
      `INV-${1001 + index}`,
      b.sender_profile_id,
      b.name,
    ]);
  });
  return Papa.unparse(lines, { newline: '\r\n' });
}

export type CsvDelimiter = ',' | ';' | '\t';

/**
 * The field separator, from the header line alone: the one of `,` `;` tab it holds most often outside quotes (column
 * names hold none of them). Guessing from the rows instead lets an amount's comma pass for a separator.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text.replace(/^\uFEFF/, '')) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as CsvDelimiter] += 1;
  }
  const best = (Object.keys(counts) as CsvDelimiter[]).reduce((a, b) => (counts[b] > counts[a] ? b : a));
  return counts[best] > 0 ? best : ',';
}

/**
 * The decimal mark a file's amounts may use. A comma-separated file cannot hold a decimal comma unquoted, so its
 * amounts are read as a form's (point). A file saved with `;` or tabs comes from a spreadsheet in the author's
 * locale (European Excel writes 4200,00, Swiss 4'200.00): either mark, and the ambiguous 4.200 is refused.
 */
export function decimalMarkOf(delimiter: CsvDelimiter): DecimalMark {
  return delimiter === ',' ? 'point' : 'either';
}

export function parseCsv(text: string): {
  headers: string[];
  records: string[][];
  delimiter: CsvDelimiter;
  error: string | null;
} {
  const delimiter = detectDelimiter(text);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', delimiter });
  const [headers, ...records] = parsed.data;
  if (!headers || headers.length === 0)
    return { headers: [], records: [], delimiter, error: 'The file is empty.' };
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  return {
    headers,
    records,
    delimiter,
    error: fatal ? `Row ${(fatal.row ?? 0) + 1}: ${fatal.message}` : null,
  };
}

export interface ValidationContext {
  /** By lower-case id. */
  beneficiaries: ReadonlyMap<string, ImportBeneficiary>;
  /** By exact client reference; built from `beneficiaries` when not given. */
  byReference?: ReadonlyMap<string, ImportBeneficiary>;
}

export function referenceIndex(
  beneficiaries: Iterable<ImportBeneficiary>,
): ReadonlyMap<string, ImportBeneficiary> {
  const index = new Map<string, ImportBeneficiary>();
  for (const b of beneficiaries) if (b.client_reference) index.set(b.client_reference, b);
  return index;
}

/**
 * The beneficiary a row names: by id, or by reference (in its own column, or in the id column when the value is no
 * id of ours — a spreadsheet's single "beneficiary" column may hold either). Both given must be the same one.
 */
function resolveBeneficiary(
  values: Partial<Record<CsvColumn, string>>,
  context: ValidationContext,
  byReference: ReadonlyMap<string, ImportBeneficiary>,
): { beneficiary?: ImportBeneficiary; error?: CellError } {
  const idText = values.beneficiary_profile_id ?? '';
  const referenceText = values.beneficiary_reference ?? '';
  if (!idText && !referenceText) {
    return { error: { column: 'beneficiary_profile_id', message: 'beneficiary is missing' } };
  }
  const byId = idText
    ? (context.beneficiaries.get(idText.toLowerCase()) ?? byReference.get(idText))
    : undefined;
  if (idText && !byId)
    return { error: { column: 'beneficiary_profile_id', message: 'beneficiary not found' } };
  const byRef = referenceText ? byReference.get(referenceText) : undefined;
  if (referenceText && !byRef) {
    return {
      error: {
        column: 'beneficiary_reference',
        message: `no beneficiary has the reference ${referenceText}`,
      },
    };
  }
  if (byId && byRef && byId.id !== byRef.id) {
    return {
      error: {
        column: 'beneficiary_reference',
        message: 'names another beneficiary than beneficiary_profile_id',
      },
    };
  }
  return { beneficiary: byId ?? byRef };
}

/** Validates one record; pure, so the chunked runner and the tests share it. */
export function validateRecord(
  record: readonly string[],
  rowNumber: number,
  mapping: ColumnMapping,
  context: ValidationContext,
  decimalMark: DecimalMark = 'point',
): ImportedRow {
  const values: Partial<Record<CsvColumn, string>> = {};
  mapping.columns.forEach((column, index) => {
    if (column) values[column] = (record[index] ?? '').trim();
  });
  const errors: CellError[] = [];
  const error = (column: CsvColumn | null, message: string) => errors.push({ column, message });
  // More values than the header names: most often an unquoted decimal comma (4200,50 split into 4200 and 50), which
  // would otherwise pay 4200 without a word.
  if (record.slice(mapping.columns.length).some((value) => value.trim() !== ''))
    error(
      null,
      `has ${record.length} values where the header has ${mapping.columns.length}: quote a value holding the separator ("4,200.50"), or save the file with semicolons`,
    );

  const byReference = context.byReference ?? referenceIndex(context.beneficiaries.values());
  const resolved = resolveBeneficiary(values, context, byReference);
  const beneficiary = resolved.beneficiary;
  const beneficiaryColumn: CsvColumn = values.beneficiary_profile_id
    ? 'beneficiary_profile_id'
    : 'beneficiary_reference';
  if (resolved.error) error(resolved.error.column, resolved.error.message);
  else if (beneficiary && beneficiary.status !== 'ready')
    error(beneficiaryColumn, `beneficiary not ready (${beneficiary.status.replace('_', ' ')})`);

  const senderId = values.sender_profile_id || beneficiary?.sender_profile_id || '';
  if (beneficiary && values.sender_profile_id && values.sender_profile_id !== beneficiary.sender_profile_id)
    error('sender_profile_id', 'beneficiary belongs to another sender');

  const currency = (values.beneficiary_currency || beneficiary?.currency || '').toUpperCase();
  if (beneficiary && values.beneficiary_currency && currency !== beneficiary.currency)
    error('beneficiary_currency', `beneficiary is paid in ${beneficiary.currency}, not ${currency}`);

  const amountText = values.beneficiary_amount ?? '';
  const amount = readTypedAmount(amountText, currency || null, decimalMark);
  if (amount.problem) error('beneficiary_amount', amount.problem);

  const feeType = (values.fee_type ?? '').toUpperCase();
  if (feeType !== 'OUR' && feeType !== 'SHA') error('fee_type', 'must be OUR or SHA');

  const purpose = (values.purpose_code ?? '').toUpperCase();
  if (!(purpose in PURPOSE_MEANINGS))
    error('purpose_code', purpose ? `unknown purpose code ${purpose}` : 'purpose code is missing');

  const reference = values.client_reference ?? '';
  if (reference.length > 140) error('client_reference', 'must be at most 140 characters');

  let item: OrderItem | null = null;
  if (errors.length === 0) {
    const candidate: OrderItem = {
      sender_profile_id: senderId,
      beneficiary_profile_id: beneficiary?.id ?? '',
      beneficiary_amount: amount.amount ?? '',
      beneficiary_currency: currency,
      fee_type: feeType as 'OUR' | 'SHA',
      purpose_code: purpose,
      ...(reference ? { client_reference: reference } : {}),
    };
    // The API's own schema has the last word on the shape (decimals, id formats).
    const parsed = orderCreateItemSchema.safeParse(candidate);
    if (parsed.success) item = candidate;
    else {
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? '');
        error(
          (CSV_COLUMNS as readonly string[]).includes(column) ? (column as CsvColumn) : null,
          issue.message,
        );
      }
    }
  }
  return {
    row: rowNumber,
    values,
    beneficiaryName: beneficiary?.name ?? values.beneficiary_name ?? null,
    item,
    errors,
  };
}

const CHUNK = 250;

/**
 * Reads and validates a whole file, `CHUNK` rows at a time with a yield to the browser between chunks, so the page
 * keeps painting and answering input; `onProgress` reports rows done.
 */
export async function importCsv(
  fileName: string,
  text: string,
  context: ValidationContext,
  onProgress: (done: number, total: number) => void = () => {},
  yieldToBrowser: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
): Promise<ImportResult> {
  const { headers, records, delimiter, error } = parseCsv(text);
  const mapping = mapColumns(headers);
  const decimalMark = decimalMarkOf(delimiter);
  const empty = { fileName, delimiter, mapping, rows: [], accepted: 0, rejected: 0 };
  if (error) return { ...empty, fileError: error };
  if (records.length === 0) return { ...empty, fileError: 'The file has a header but no orders.' };
  if (records.length > MAX_IMPORT_ROWS)
    return {
      ...empty,
      fileError: `The file has ${records.length.toLocaleString('en-US')} orders; a batch holds at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')}. Split it into several batches.`,
    };
  if (mapping.missing.length > 0 || mapping.duplicated.length > 0) return { ...empty, fileError: null };

  // One reference index for the whole file, not one per row.
  const withIndex: ValidationContext = {
    ...context,
    byReference: context.byReference ?? referenceIndex(context.beneficiaries.values()),
  };
  const rows: ImportedRow[] = [];
  for (let start = 0; start < records.length; start += CHUNK) {
    const end = Math.min(start + CHUNK, records.length);
    for (let index = start; index < end; index++) {
      rows.push(validateRecord(records[index]!, index + 2, mapping, withIndex, decimalMark));
    }
    onProgress(end, records.length);
    if (end < records.length) await yieldToBrowser();
  }
  const accepted = rows.filter((row) => row.item).length;
  return {
    fileName,
    delimiter,
    mapping,
    rows,
    accepted,
    rejected: rows.length - accepted,
    fileError: null,
  };
}

/** The orders of the accepted rows only: what "create the draft with the good rows" sends (createBatch is all-or-nothing). */
export function acceptedItems(result: ImportResult): OrderItem[] {
  return result.rows.flatMap((row) => (row.item ? [row.item] : []));
}

/** A CSV of the rejected rows with an `errors` column: fix it in the spreadsheet and import it again. */
export function rejectedRowsCsv(result: ImportResult): string {
  const rejected = result.rows.filter((row) => !row.item);
  return Papa.unparse(
    [
      ['row', ...CSV_COLUMNS, 'errors'],
      ...rejected.map((row) => [
        String(row.row),
        ...CSV_COLUMNS.map((c) => row.values[c] ?? ''),
        row.errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join('; '),
      ]),
    ],
    // The file's own separator, so the spreadsheet that wrote it opens the rejected rows as columns again.
    { newline: '\r\n', delimiter: result.delimiter },
  );
}
