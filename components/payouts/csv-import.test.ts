// Tests the batch CSV as a finance user meets it: the template imports cleanly, and each bad row is named by its
// spreadsheet row and column with a reason they can act on.
import { describe, expect, it } from 'vitest';
import {
  acceptedItems,
  csvTemplate,
  detectDelimiter,
  type ImportBeneficiary,
  importCsv,
  mapColumns,
  rejectedRowsCsv,
} from './csv-import';

const SENDER = '0190a6f0-0000-7000-8000-000000000001';
const OTHER_SENDER = '0190a6f0-0000-7000-8000-000000000002';
const ready: ImportBeneficiary = {
  id: '0190a6f0-0000-7000-8000-0000000000a1',
  sender_profile_id: SENDER,
  name: 'Müller GmbH',
  currency: 'EUR',
  status: 'ready',
  client_reference: 'VEND-MUELLER',
};
const yen: ImportBeneficiary = {
  ...ready,
  id: '0190a6f0-0000-7000-8000-0000000000a2',
  name: 'Tanaka KK',
  currency: 'JPY',
  client_reference: 'VEND-TANAKA',
};
const inReview: ImportBeneficiary = {
  ...ready,
  id: '0190a6f0-0000-7000-8000-0000000000a3',
  name: 'Pending Ltd',
  status: 'in_review',
  client_reference: 'VEND-PENDING',
};
const context = { beneficiaries: new Map([ready, yen, inReview].map((b) => [b.id, b])) };
const noYield = () => Promise.resolve();

describe('batch CSV import', () => {
  it('imports its own template without a rejected row', async () => {
    const result = await importCsv('t.csv', csvTemplate([ready, yen]), context, undefined, noYield);
    expect(result.fileError).toBeNull();
    expect(result.accepted).toBe(2);
    expect(result.rejected).toBe(0);
    expect(result.rows[0]?.item).toMatchObject({
      sender_profile_id: SENDER,
      beneficiary_currency: 'EUR',
      beneficiary_amount: '1000.00',
    });
  });

  it('names the spreadsheet row and column of each problem', async () => {
    const lines = [
      'beneficiary_profile_id,beneficiary_amount,fee_type,purpose_code',
      `${ready.id},100.00,OUR,GDSP`,
      `${inReview.id},100.00,OUR,GDSP`,
      `${yen.id},1000.5,SHA,GDSP`,
      `${ready.id},"1,250.75",sha,tech`,
      `${ready.id},12.345,XYZ,NOPE`,
    ];
    const result = await importCsv('b.csv', lines.join('\n'), context, undefined, noYield);
    expect(result.accepted).toBe(2);
    expect(result.rejected).toBe(3);
    const byRow = new Map(result.rows.map((r) => [r.row, r]));
    expect(byRow.get(3)?.errors).toEqual([
      { column: 'beneficiary_profile_id', message: 'beneficiary not ready (in review)' },
    ]);
    expect(byRow.get(4)?.errors).toEqual([
      { column: 'beneficiary_amount', message: 'JPY has no decimals: enter a whole number' },
    ]);
    // Grouping separators are accepted; codes are case-insensitive.
    expect(byRow.get(5)?.item).toMatchObject({
      beneficiary_amount: '1250.75',
      fee_type: 'SHA',
      purpose_code: 'TECH',
    });
    expect(byRow.get(6)?.errors.map((e) => e.column)).toEqual([
      'beneficiary_amount',
      'fee_type',
      'purpose_code',
    ]);
    expect(rejectedRowsCsv(result)).toContain('beneficiary_profile_id: beneficiary not ready (in review)');
  });

  it('refuses a beneficiary of another sender and a currency it is not paid in', async () => {
    const text = [
      'beneficiary_profile_id,beneficiary_amount,fee_type,purpose_code,sender_profile_id,beneficiary_currency',
      `${ready.id},10,OUR,GDSP,${OTHER_SENDER},EUR`,
      `${ready.id},10,OUR,GDSP,${SENDER},USD`,
      `0190a6f0-0000-7000-8000-0000000000ff,10,OUR,GDSP,,`,
    ].join('\n');
    const result = await importCsv('c.csv', text, context, undefined, noYield);
    expect(result.rows.map((r) => r.errors[0]?.message)).toEqual([
      'beneficiary belongs to another sender',
      'beneficiary is paid in EUR, not USD',
      'beneficiary not found',
    ]);
  });

  it('reports missing and unknown columns before reading rows', async () => {
    expect(mapColumns(['Amount', 'Beneficiary ID', 'Fee', 'colour'])).toMatchObject({
      missing: ['purpose_code'],
      ignored: ['colour'],
    });
    const result = await importCsv('d.csv', 'amount,fee\n10,OUR', context, undefined, noYield);
    expect(result.rows).toHaveLength(0);
    expect(result.mapping.missing).toEqual(['beneficiary_profile_id', 'purpose_code']);
  });

  it('refuses more than 5,000 orders and validates 5,000 in chunks, reporting progress', async () => {
    const line = `${ready.id},10.00,OUR,GDSP`;
    const header = 'beneficiary_profile_id,beneficiary_amount,fee_type,purpose_code';
    const tooMany = await importCsv(
      'e.csv',
      [header, ...Array(5001).fill(line)].join('\n'),
      context,
      undefined,
      noYield,
    );
    expect(tooMany.fileError).toMatch(/at most 5,000/);
    const progress: number[] = [];
    const full = await importCsv(
      'f.csv',
      [header, ...Array(5000).fill(line)].join('\n'),
      context,
      (done) => progress.push(done),
      noYield,
    );
    expect(full.accepted).toBe(5000);
    expect(progress.length).toBeGreaterThan(10);
    expect(progress.at(-1)).toBe(5000);
  });

  it('names beneficiaries by their client reference, and keeps only the good rows for the draft', async () => {
    const text = [
      'beneficiary_reference,beneficiary_amount,fee_type,purpose_code,client_reference',
      'VEND-MUELLER,100.00,OUR,GDSP,INV-1',
      'VEND-NOBODY,100.00,OUR,GDSP,INV-2',
      'VEND-TANAKA,5000,SHA,GDSP,INV-3',
      'VEND-PENDING,10.00,OUR,GDSP,INV-4',
    ].join('\n');
    const result = await importCsv('r.csv', text, context, undefined, noYield);
    expect(result.mapping.missing).toEqual([]);
    expect([result.accepted, result.rejected]).toEqual([2, 2]);
    expect(result.rows[1]?.errors).toEqual([
      { column: 'beneficiary_reference', message: 'no beneficiary has the reference VEND-NOBODY' },
    ]);
    expect(result.rows[3]?.errors).toEqual([
      { column: 'beneficiary_reference', message: 'beneficiary not ready (in review)' },
    ]);
    // The draft is made of the accepted rows only, each naming its beneficiary and sender by id.
    expect(acceptedItems(result)).toEqual([
      expect.objectContaining({
        beneficiary_profile_id: ready.id,
        sender_profile_id: SENDER,
        client_reference: 'INV-1',
      }),
      expect.objectContaining({
        beneficiary_profile_id: yen.id,
        beneficiary_currency: 'JPY',
        client_reference: 'INV-3',
      }),
    ]);
    // The rejected rows stay downloadable with their errors.
    const rejected = rejectedRowsCsv(result);
    expect(rejected).toContain('VEND-NOBODY');
    expect(rejected).toContain('beneficiary_reference: no beneficiary has the reference VEND-NOBODY');
  });

  it('reads a reference in a single beneficiary column, and refuses an id and a reference that disagree', async () => {
    const text = [
      'beneficiary,amount,fee,purpose,beneficiary_reference',
      'VEND-MUELLER,10,OUR,GDSP,',
      `${ready.id},10,OUR,GDSP,VEND-MUELLER`,
      `${ready.id},10,OUR,GDSP,VEND-TANAKA`,
    ].join('\n');
    const result = await importCsv('s.csv', text, context, undefined, noYield);
    expect(result.rows.map((row) => row.item?.beneficiary_profile_id ?? null)).toEqual([
      ready.id,
      ready.id,
      null,
    ]);
    expect(result.rows[2]?.errors[0]?.column).toBe('beneficiary_reference');
  });

  it('takes the separator from the header line, whatever the amounts hold', () => {
    expect(detectDelimiter('beneficiary,amount,fee,purpose\r\nVEND-1,"4,200.00",OUR,GDSP')).toBe(',');
    expect(detectDelimiter('\uFEFFbeneficiary;amount;fee;purpose\r\nVEND-1;4200,00;OUR;GDSP')).toBe(';');
    expect(detectDelimiter('beneficiary\tamount\tfee\tpurpose\nVEND-1\t4200,00\tOUR\tGDSP')).toBe('\t');
    expect(detectDelimiter('"a;b",c,d\n1;2;3;4;5')).toBe(',');
  });

  it('reads the decimal comma of a semicolon file, and keeps its separator in the rejected rows', async () => {
    const text = [
      'beneficiary;amount;fee;purpose',
      'VEND-MUELLER;4200,00;OUR;GDSP',
      'VEND-MUELLER;4.200;OUR;GDSP',
      'VEND-TANAKA;1.000;OUR;GDSP',
    ].join('\r\n');
    const result = await importCsv('de.csv', text, context, undefined, noYield);
    expect(result.delimiter).toBe(';');
    expect(result.rows[0]?.item?.beneficiary_amount).toBe('4200.00');
    expect(result.rows[1]?.errors).toEqual([
      {
        column: 'beneficiary_amount',
        message:
          '4.200 could be 4200 or 4.2: write 4200 without the separator, or with its decimals (4200,00 or 4200.00)',
      },
    ]);
    expect(result.rows[2]?.item).toBeNull();
    expect(rejectedRowsCsv(result).split('\r\n')[0]).toBe(
      'row;beneficiary_profile_id;beneficiary_reference;beneficiary_amount;beneficiary_currency;fee_type;purpose_code;client_reference;sender_profile_id;beneficiary_name;errors',
    );
  });

  it('refuses a decimal comma in a comma-separated file rather than dropping it', async () => {
    const text = ['beneficiary,amount,fee,purpose', 'VEND-MUELLER,"4200,00",OUR,GDSP'].join('\r\n');
    const result = await importCsv('en.csv', text, context, undefined, noYield);
    expect(result.rows[0]?.errors).toEqual([
      { column: 'beneficiary_amount', message: 'Use a point for decimals: 4200.00' },
    ]);
  });

  it('refuses a row with more values than the header, as an unquoted decimal comma makes it', async () => {
    const text = [
      'beneficiary,fee,purpose,amount',
      'VEND-MUELLER,OUR,GDSP,4200,50',
      'VEND-MUELLER,OUR,GDSP,10,,',
    ].join('\r\n');
    const result = await importCsv('split.csv', text, context, undefined, noYield);
    expect(result.rows[0]?.item).toBeNull();
    expect(result.rows[0]?.errors).toEqual([
      {
        column: null,
        message:
          'has 5 values where the header has 4: quote a value holding the separator ("4,200.50"), or save the file with semicolons',
      },
    ]);
    // Empty trailing cells, as spreadsheets leave them, are no extra values.
    expect(result.rows[1]?.item?.beneficiary_amount).toBe('10');
  });

  it('lists every ready beneficiary in the template with its id and its reference', () => {
    const many: ImportBeneficiary[] = Array.from({ length: 8 }, (_, index) => ({
      ...ready,
      id: `0190a6f0-0000-7000-8000-0000000001${String(index).padStart(2, '0')}`,
      client_reference: index === 5 ? null : `VEND-${index}`,
    }));
    const lines = csvTemplate(many).split('\r\n');
    expect(lines[0]?.startsWith('beneficiary_profile_id,beneficiary_reference,')).toBe(true);
    expect(lines).toHaveLength(9);
    many.forEach((b, index) => {
      expect(lines[index + 1]?.startsWith(`${b.id},${b.client_reference ?? ''},`)).toBe(true);
    });
  });
});
