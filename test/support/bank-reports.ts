// Owns the bank's side of the desk's payment files in tests: reading a downloaded pain.001 as the bank reads it (every
// value a string), and writing the pain.002 status report and camt.054 debit notification a bank sends back. Shared by
// the API test, the production walk (test/server/) and the browser journey (e2e/live/), so it imports nothing of ours.
import { XMLParser } from 'fast-xml-parser';

export interface Pain001Transaction {
  endToEndId: string;
  uetr: string;
  amount: string;
  currency: string;
}

export interface Pain001 {
  messageId: string;
  numberOfTransactions: string;
  controlSum: string;
  chargeBearers: string[];
  transactions: Pain001Transaction[];
}

/** A pain.001.001.09 as the bank reads it: no identifier or amount ever becomes a number. */
export function readPain001(xml: string): Pain001 {
  const parsed = new XMLParser({
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreAttributes: false,
  }).parse(xml);
  const initiation = parsed.Document.CstmrCdtTrfInitn;
  const groups = [initiation.PmtInf].flat();
  return {
    messageId: initiation.GrpHdr.MsgId,
    numberOfTransactions: initiation.GrpHdr.NbOfTxs,
    controlSum: initiation.GrpHdr.CtrlSum,
    chargeBearers: groups.map((group) => group.ChrgBr),
    transactions: groups.flatMap((group) =>
      [group.CdtTrfTxInf].flat().map((tx) => ({
        endToEndId: tx.PmtId.EndToEndId,
        uetr: tx.PmtId.UETR,
        amount: tx.Amt.InstdAmt['#text'],
        currency: tx.Amt.InstdAmt['@_Ccy'],
      })),
    ),
  };
}

/** The bank's status report for a file, as a bank writes it (element order of pain.002.001.10). */
export function pain002(
  messageId: string,
  transactions: { endToEndId: string; status: string; reason?: string; ref?: string }[],
) {
  const tx = transactions
    .map(
      (t) =>
        `<TxInfAndSts><OrgnlEndToEndId>${t.endToEndId}</OrgnlEndToEndId><TxSts>${t.status}</TxSts>${
          t.reason ? `<StsRsnInf><Rsn><Cd>${t.reason}</Cd></Rsn></StsRsnInf>` : ''
        }${t.ref ? `<AcctSvcrRef>${t.ref}</AcctSvcrRef>` : ''}</TxInfAndSts>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt>
<GrpHdr><MsgId>BANK-STS-${messageId.slice(0, 20)}</MsgId><CreDtTm>2026-11-29T15:00:00Z</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts>
<OrgnlPmtInfAndSts><OrgnlPmtInfId>${messageId}1</OrgnlPmtInfId>${tx}</OrgnlPmtInfAndSts>
</CstmrPmtStsRpt></Document>`;
}

/** The bank's debit notification: one booked (or other) entry per order, its AcctSvcrRef the bank's reference. */
export function camt054(entries: { endToEndId: string; amount: string; ref: string; direction?: string }[]) {
  const ntry = entries
    .map((e, i) =>
      `<Ntry><Amt Ccy="EUR">${e.amount}</Amt><CdtDbtInd>${e.direction ?? 'DBIT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-29</Dt></BookgDt><AcctSvcrRef>${e.ref}</AcctSvcrRef><BkTxCd/><NtryDtls><TxDtls><Refs><EndToEndId>${e.endToEndId}</EndToEndId></Refs></TxDtls></NtryDtls></Ntry>`.replace(
        '<Ntry>',
        `<Ntry><NtryRef>${i + 1}</NtryRef>`,
      ),
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>NTF-1</MsgId><CreDtTm>2026-11-29T16:00:00Z</CreDtTm></GrpHdr>
<Ntfctn><Id>NTF-1-1</Id><CreDtTm>2026-11-29T16:00:00Z</CreDtTm><Acct><Id><IBAN>DE44500105175407324931</IBAN></Id></Acct>${ntry}</Ntfctn>
</BkToCstmrDbtCdtNtfctn></Document>`;
}
