// Owns writing ISO 20022 pain.001.001.09 (customer credit transfer initiation): the file the payouts desk sends its
// bank for IBAN payees. Element order follows the schema; every identifier is one of our UUIDs as 32 hex
// (iso-ids.ts); NbOfTxs and CtrlSum are exact per PmtInf and in GrpHdr; names and remittance text are written in
// the banks' Latin character set (latin-text.ts).
import { isoId, paymentInformationId } from './iso-ids';
import { bankLatin } from './latin-text';
import type { TransferGroup } from './transfers';
import { leaf, maxText, node } from './xml';

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

const IBAN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;

export interface Pain001Input {
  fileId: string;
  createdAt: Date;
  /** ISODate the bank executes the payments (the day the file is built). */
  executionDate: string;
  currency: string;
  debtor: { name: string; account: string; bic: string };
  count: number;
  sum: string;
  groups: readonly TransferGroup[];
}

/** An account: an IBAN, or another identifier (a local account number). */
function account(value: string): string {
  return node('Id', IBAN.test(value) ? leaf('IBAN', value) : node('Othr', leaf('Id', maxText(value, 34))));
}

function agent(bic: string | null): string {
  return bic ? node('FinInstnId', leaf('BICFI', bic)) : '';
}

function transaction(t: TransferGroup['transactions'][number], currency: string): string {
  return node(
    'CdtTrfTxInf',
    node('PmtId', leaf('EndToEndId', isoId(t.orderId)), leaf('UETR', t.uetr)),
    node('Amt', leaf('InstdAmt', t.amount, ` Ccy="${currency}"`)),
    t.creditorBic ? node('CdtrAgt', agent(t.creditorBic)) : '',
    node(
      'Cdtr',
      leaf('Nm', maxText(bankLatin(t.creditorName), 140)),
      node('PstlAdr', leaf('Ctry', t.creditorCountry)),
    ),
    node('CdtrAcct', account(t.creditorIban ?? t.creditorAccountNumber ?? '')),
    node('RmtInf', leaf('Ustrd', maxText(bankLatin(t.remittance), 140))),
  );
}

function paymentInformation(input: Pain001Input, group: TransferGroup): string {
  return node(
    'PmtInf',
    leaf('PmtInfId', paymentInformationId(input.fileId, group.number)),
    leaf('PmtMtd', 'TRF'),
    leaf('NbOfTxs', String(group.count)),
    leaf('CtrlSum', group.sum),
    group.chargeBearer === 'SLEV' ? node('PmtTpInf', node('SvcLvl', leaf('Cd', 'SEPA'))) : '',
    node('ReqdExctnDt', leaf('Dt', input.executionDate)),
    node('Dbtr', leaf('Nm', maxText(bankLatin(input.debtor.name), 140))),
    node('DbtrAcct', account(input.debtor.account)),
    node('DbtrAgt', agent(input.debtor.bic)),
    leaf('ChrgBr', group.chargeBearer),
    ...group.transactions.map((t) => transaction(t, input.currency)),
  );
}

export function buildPain001(input: Pain001Input): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="${PAIN_001_NAMESPACE}">${node(
    'CstmrCdtTrfInitn',
    node(
      'GrpHdr',
      leaf('MsgId', isoId(input.fileId)),
      leaf('CreDtTm', input.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z')),
      leaf('NbOfTxs', String(input.count)),
      leaf('CtrlSum', input.sum),
      node('InitgPty', leaf('Nm', maxText(bankLatin(input.debtor.name), 140))),
    ),
    ...input.groups.map((group) => paymentInformation(input, group)),
  )}</Document>\n`;
}
