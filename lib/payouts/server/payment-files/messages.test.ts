// The bank's messages by hand: the pain.001 the desk writes (element order, required elements, identifier lengths,
// counts and sums), and the pain.002 / camt.054 / CSV it reads (every value a string, group statuses, unknown codes,
// malformed files refused).
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/platform/errors/api-error';
import { isoId, readPaymentInformationId, uuidOfIsoId } from './iso-ids';
import { bankLatin, writableInBankLatin } from './latin-text';
import { buildPain001, PAIN_001_NAMESPACE } from './pain001';
import { readBankReport } from './read-report';
import { failureMessage, statusEffect } from './report-entries';
import { buildTransferCsv } from './transfer-csv';
import { chargeBearerOf, fileAmount, groupTransfers, sumOf, type Transfer } from './transfers';

const FILE_ID = '01936f4e-8f2a-7c3b-9d4e-5f6a7b8c9d0e';

function transfer(n: number, amount: string, overrides: Partial<Transfer> = {}): Transfer {
  return {
    orderId: `01936f4e-8f2a-7c3b-9d4e-5f6a7b8c9d${String(n).padStart(2, '0')}`,
    orgId: '01936f4e-0000-7000-8000-000000000001',
    uetr: `3f1e1b6c-8a5d-4c1e-9f3a-0000000000${String(n).padStart(2, '0')}`,
    amount,
    chargeBearer: 'SLEV',
    creditorName: `Supplier ${n} & Söhne <GmbH>`,
    creditorCountry: 'DE',
    creditorIban: 'DE89370400440532013000',
    creditorAccountNumber: null,
    creditorBic: 'COBADEFFXXX',
    bankName: 'Commerzbank',
    routingCode: null,
    routingCodeType: null,
    remittance: n === 2 ? null : `INV-${n}`,
    ...overrides,
  };
}

function build(transfers: Transfer[], currency = 'EUR') {
  const groups = groupTransfers(transfers, currency);
  return buildPain001({
    fileId: FILE_ID,
    createdAt: new Date('2026-11-29T10:00:00.123Z'),
    executionDate: '2026-11-29',
    currency,
    debtor: { name: 'Provider EUR operating', account: 'DE44500105175407324931', bic: 'INGDDEFFXXX' },
    count: transfers.length,
    sum: sumOf(
      groups.map((g) => g.sum),
      currency,
    ),
    groups,
  });
}

/** Element names in document order, each with its children: what the schema's sequences fix. */
type Ordered = Record<string, unknown>[];
const orderedParser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, parseTagValue: false });
const names = (nodes: Ordered) => nodes.map((n) => Object.keys(n).find((k) => k !== ':@')!);
const child = (nodes: Ordered, name: string) => nodes.find((n) => name in n)![name] as Ordered;
const children = (nodes: Ordered, name: string) =>
  nodes.filter((n) => name in n).map((n) => n[name] as Ordered);
const text = (nodes: Ordered, name: string) => (child(nodes, name)[0] as { '#text': string })['#text'];

describe('pain.001.001.09', () => {
  const xml = build([
    transfer(1, '1250.00'),
    transfer(2, '0.10'),
    transfer(3, '99.99', { chargeBearer: 'DEBT' }),
    transfer(4, '1000000.01', { chargeBearer: 'SHAR' }),
  ]);
  const root = orderedParser.parse(xml) as Ordered;
  const document = child(root, 'Document');
  const initiation = child(document, 'CstmrCdtTrfInitn');

  it('is the namespace DESIGN names, with the group header then one PmtInf per charge bearer', () => {
    expect(xml).toContain(`<Document xmlns="${PAIN_001_NAMESPACE}">`);
    expect(names(initiation)).toEqual(['GrpHdr', 'PmtInf', 'PmtInf', 'PmtInf']);
    expect(names(child(initiation, 'GrpHdr'))).toEqual([
      'MsgId',
      'CreDtTm',
      'NbOfTxs',
      'CtrlSum',
      'InitgPty',
    ]);
  });

  it('counts and sums exactly, per group and in the header, with the currency’s digits', () => {
    const header = child(initiation, 'GrpHdr');
    expect(text(header, 'NbOfTxs')).toBe('4');
    expect(text(header, 'CtrlSum')).toBe('1001350.10');
    const groups = children(initiation, 'PmtInf');
    expect(groups.map((g) => [text(g, 'ChrgBr'), text(g, 'NbOfTxs'), text(g, 'CtrlSum')])).toEqual([
      ['SLEV', '2', '1250.10'],
      ['SHAR', '1', '1000000.01'],
      ['DEBT', '1', '99.99'],
    ]);
  });

  it('writes each PmtInf and transaction in the schema’s order, with every required element', () => {
    const [sepa, shared] = children(initiation, 'PmtInf');
    expect(names(sepa!)).toEqual([
      'PmtInfId',
      'PmtMtd',
      'NbOfTxs',
      'CtrlSum',
      'PmtTpInf',
      'ReqdExctnDt',
      'Dbtr',
      'DbtrAcct',
      'DbtrAgt',
      'ChrgBr',
      'CdtTrfTxInf',
      'CdtTrfTxInf',
    ]);
    expect(names(shared!)).not.toContain('PmtTpInf');
    const [first, second] = children(sepa!, 'CdtTrfTxInf');
    expect(names(first!)).toEqual(['PmtId', 'Amt', 'CdtrAgt', 'Cdtr', 'CdtrAcct', 'RmtInf']);
    // No client reference: no remittance element rather than an empty one.
    expect(names(second!)).toEqual(['PmtId', 'Amt', 'CdtrAgt', 'Cdtr', 'CdtrAcct']);
    expect(names(child(first!, 'PmtId'))).toEqual(['EndToEndId', 'UETR']);
    const amount = child(first!, 'Amt')[0] as { InstdAmt: Ordered; ':@': Record<string, string> };
    expect(amount[':@']).toEqual({ '@_Ccy': 'EUR' });
    expect((amount.InstdAmt[0] as { '#text': string })['#text']).toBe('1250.00');
  });

  it('uses our ids as 32 hex, within ISO’s 35, and escapes what people typed', () => {
    const header = child(initiation, 'GrpHdr');
    expect(text(header, 'MsgId')).toBe(isoId(FILE_ID));
    const ids: string[] = [text(header, 'MsgId')];
    for (const group of children(initiation, 'PmtInf')) {
      ids.push(text(group, 'PmtInfId'));
      for (const tx of children(group, 'CdtTrfTxInf')) ids.push(text(child(tx, 'PmtId'), 'EndToEndId'));
    }
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(35);
    expect(readPaymentInformationId(ids[1]!)).toEqual({ fileId: FILE_ID, group: 1 });
    expect(uuidOfIsoId(ids[2]!)).toBe(transfer(1, '1').orderId);
    // Names are written in the banks' Latin set: diacritics dropped, & as +, anything else a dot.
    expect(xml).toContain('<Nm>Supplier 1 + Sohne .GmbH.</Nm>');
    expect(text(header, 'CreDtTm')).toBe('2026-11-29T10:00:00Z');
  });
});

describe('amounts and charge bearers', () => {
  it('writes exactly the ISO 4217 fraction digits and refuses a fraction the currency cannot carry', () => {
    expect(fileAmount('100.5', 'EUR')).toBe('100.50');
    expect(fileAmount('980', 'JPY')).toBe('980');
    expect(fileAmount('12.5', 'KWD')).toBe('12.500');
    expect(() => fileAmount('980.5', 'JPY')).toThrow(/more than 0 decimals/);
  });

  it('maps SEPA EUR to SLEV, OUR to DEBT and SHA to SHAR', () => {
    expect(chargeBearerOf('EUR', 'DE89370400440532013000', 'OUR')).toBe('SLEV');
    expect(chargeBearerOf('EUR', null, 'OUR')).toBe('DEBT');
    expect(chargeBearerOf('GBP', 'GB33BUKB20201555555555', 'SHA')).toBe('SHAR');
  });

  it('writes the CSV file for payees without an IBAN with the same identifiers', () => {
    const csv = buildTransferCsv({
      currency: 'JPY',
      debtor: { account: '1234567', bic: 'MHCBJPJTXXX' },
      groups: groupTransfers(
        [transfer(1, '980', { creditorIban: null, creditorAccountNumber: '7654321', chargeBearer: 'SHAR' })],
        'JPY',
      ),
    });
    const [header, line] = csv.trim().split('\r\n');
    expect(header!.split(',').slice(0, 3)).toEqual(['end_to_end_id', 'uetr', 'amount']);
    expect(line!.split(',').slice(0, 5)).toEqual([
      isoId(transfer(1, '1').orderId),
      transfer(1, '1').uetr,
      '980',
      'JPY',
      'SHAR',
    ]);
  });
});

const E2E = isoId(transfer(1, '1').orderId);

describe('reading the bank’s reports', () => {
  it('reads a pain.002 with group and transaction statuses, every value a string', () => {
    const report = readBankReport(`<?xml version="1.0"?>
<p:Document xmlns:p="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><p:CstmrPmtStsRpt>
<p:GrpHdr><p:MsgId>0000123</p:MsgId></p:GrpHdr>
<p:OrgnlGrpInfAndSts><p:OrgnlMsgId>${isoId(FILE_ID)}</p:OrgnlMsgId><p:GrpSts>ACCP</p:GrpSts></p:OrgnlGrpInfAndSts>
<p:OrgnlPmtInfAndSts><p:OrgnlPmtInfId>${isoId(FILE_ID)}2</p:OrgnlPmtInfId><p:PmtInfSts>RJCT</p:PmtInfSts>
<p:StsRsnInf><p:Rsn><p:Cd>AM04</p:Cd></p:Rsn></p:StsRsnInf></p:OrgnlPmtInfAndSts>
<p:OrgnlPmtInfAndSts><p:OrgnlPmtInfId>${isoId(FILE_ID)}1</p:OrgnlPmtInfId>
<p:TxInfAndSts><p:OrgnlEndToEndId>${E2E}</p:OrgnlEndToEndId><p:TxSts>RJCT</p:TxSts>
<p:StsRsnInf><p:Rsn><p:Cd>AC01</p:Cd></p:Rsn><p:AddtlInf>IBAN check digits</p:AddtlInf></p:StsRsnInf>
<p:AcctSvcrRef>00012</p:AcctSvcrRef></p:TxInfAndSts>
</p:OrgnlPmtInfAndSts></p:CstmrPmtStsRpt></p:Document>`);
    expect(report.format).toBe('pain.002.001.10');
    expect(report.originalMessageId).toBe(isoId(FILE_ID));
    expect(report.entries).toEqual([
      {
        level: 'group',
        messageId: isoId(FILE_ID),
        paymentInformationId: null,
        status: 'ACCP',
        reasonCode: null,
        reasonText: null,
      },
      {
        level: 'group',
        messageId: isoId(FILE_ID),
        paymentInformationId: `${isoId(FILE_ID)}2`,
        status: 'RJCT',
        reasonCode: 'AM04',
        reasonText: null,
      },
      {
        level: 'transaction',
        reference: E2E,
        status: 'RJCT',
        reasonCode: 'AC01',
        reasonText: 'IBAN check digits',
        // Leading zeros kept: never a number.
        bankReference: '00012',
      },
    ]);
  });

  it('reads a camt.054: a booked debit, a pending one and a credit, amounts untouched', () => {
    const entry = (direction: string, status: string, ref: string) =>
      `<Ntry><Amt Ccy="EUR">0100.10</Amt><CdtDbtInd>${direction}</CdtDbtInd><Sts><Cd>${status}</Cd></Sts><AcctSvcrRef>${ref}</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>${E2E}</EndToEndId></Refs></TxDtls></NtryDtls></Ntry>`;
    const report = readBankReport(
      `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>1</MsgId></GrpHdr><Ntfctn>${entry('DBIT', 'BOOK', '0042')}${entry('DBIT', 'PDNG', '0043')}${entry('CRDT', 'BOOK', '0044')}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`,
    );
    expect(report.entries.map((e) => [e.status, e.level === 'transaction' && e.bankReference])).toEqual([
      ['BOOK', '0042'],
      ['PDNG', '0043'],
      ['CRDT-BOOK', '0044'],
    ]);
    expect(report.entries.map((e) => statusEffect(e.status))).toEqual(['COMPLETED', 'recorded', 'unknown']);
  });

  it('maps every status DESIGN names, and lists an unknown code rather than guessing', () => {
    expect(['ACSC', 'ACCC'].map(statusEffect)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(['ACTC', 'ACCP', 'ACSP', 'ACWC', 'PDNG'].map(statusEffect)).toEqual(Array(5).fill('recorded'));
    expect(statusEffect('RJCT')).toBe('FAILED');
    expect(statusEffect('ACFC')).toBe('unknown');
    expect(failureMessage('ac04', null)).toBe('AC04: Closed account number');
    expect(failureMessage('ZZ99', null)).toBe('ZZ99: Rejected by the bank');
  });

  it('refuses malformed XML, an unknown message and a CSV without its columns (400 invalid_report)', () => {
    for (const bad of [
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt></Document>',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt/></Document>',
      'reference,result\nx,y\n',
    ]) {
      let thrown: unknown;
      try {
        readBankReport(bad);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).code).toBe('invalid_report');
    }
  });

  it('reads the desk’s CSV report', () => {
    const report = readBankReport(
      `order_id,outcome,bank_reference,reason\n${transfer(1, '1').orderId},failed,,Account closed\n`,
    );
    expect(report.entries).toEqual([
      {
        level: 'transaction',
        reference: transfer(1, '1').orderId,
        status: 'FAILED',
        reasonCode: null,
        reasonText: 'Account closed',
        bankReference: null,
      },
    ]);
  });
});

describe("the banks' Latin character set", () => {
  it('writes names and remittance in it, and knows a name it cannot write', () => {
    expect(bankLatin('Zoë Ångström & Søn Straße')).toBe('Zoe Angstrom + Son Strasse');
    expect(bankLatin('Invoice #42 – €10')).toBe('Invoice .42 . .10');
    expect(bankLatin('  Łódź   Café  ')).toBe('Lodz Cafe');
    expect(bankLatin(null)).toBeNull();
    expect(writableInBankLatin('Zoë Ångström')).toBe(true);
    expect(writableInBankLatin('Иван Петров')).toBe(false);
    expect(writableInBankLatin('山田太郎')).toBe(false);
    const xml = build([transfer(1, '10.00', { remittance: 'Rechnung März № 7' })]);
    expect(xml).toContain('<Ustrd>Rechnung Marz No 7</Ustrd>');
  });
});
