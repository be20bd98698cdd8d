/**
 * ISO 20022 bank reports as a bank's portal exports them, for tests: a camt.053.001.08 statement or
 * a camt.054.001.08 debit/credit notification of one account, schema-valid (tests check them with
 * tests/support/iso20022.ts).
 */
export interface ReportTransaction {
  endToEndId: string;
  /** Decimal text of the transaction's own amount (several transactions in one entry). */
  amount?: string;
  /** A return (RtrInf with this reason code, bank transaction code RRTN). */
  returnReason?: string;
  /** The remittance line. */
  note?: string;
  counterparty?: string;
}

export interface ReportEntry {
  direction: 'CRDT' | 'DBIT';
  status?: 'BOOK' | 'PDNG' | 'RJCT';
  /** The bank's reference of the entry (AcctSvcrRef). */
  ref: string;
  amount: string;
  /** ISO date-time with offset. */
  bookedAt: string;
  /** A reversal of an earlier entry. */
  reversal?: boolean;
  transactions: ReportTransaction[];
}

export interface ReportAccount {
  accountNumber: string;
  currency: string;
  name: string;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function entryXml(entry: ReportEntry, currency: string, index: number): string {
  const isReturn = entry.transactions.some((tx) => tx.returnReason !== undefined);
  const family = entry.direction === 'CRDT' ? (isReturn ? 'ICDT' : 'RCDT') : 'ICDT';
  const subFamily = isReturn ? 'RRTN' : 'DMCT';
  const party = entry.direction === 'CRDT' ? 'Dbtr' : 'Cdtr';
  const transactions = entry.transactions
    .map(
      (tx, n) => `
          <TxDtls>
            <Refs>
              <AcctSvcrRef>${escape(entry.ref)}-${n + 1}</AcctSvcrRef>
              <EndToEndId>${escape(tx.endToEndId)}</EndToEndId>
            </Refs>${
              tx.amount !== undefined
                ? `
            <AmtDtls><TxAmt><Amt Ccy="${currency}">${tx.amount}</Amt></TxAmt></AmtDtls>`
                : ''
            }
            <RltdPties><${party}><Pty><Nm>${escape(tx.counterparty ?? 'SOMCHAI JAIDEE')}</Nm></Pty></${party}></RltdPties>${
              tx.note !== undefined
                ? `
            <RmtInf><Ustrd>${escape(tx.note)}</Ustrd></RmtInf>`
                : ''
            }${
              tx.returnReason !== undefined
                ? `
            <RtrInf><Rsn><Cd>${tx.returnReason}</Cd></Rsn></RtrInf>`
                : ''
            }
          </TxDtls>`,
    )
    .join('');
  return `
      <Ntry>
        <NtryRef>${index + 1}</NtryRef>
        <Amt Ccy="${currency}">${entry.amount}</Amt>
        <CdtDbtInd>${entry.direction}</CdtDbtInd>${entry.reversal ? '\n        <RvslInd>true</RvslInd>' : ''}
        <Sts><Cd>${entry.status ?? 'BOOK'}</Cd></Sts>
        <BookgDt><DtTm>${entry.bookedAt}</DtTm></BookgDt>
        <AcctSvcrRef>${escape(entry.ref)}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${family}</Cd><SubFmlyCd>${subFamily}</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>${transactions}
        </NtryDtls>
      </Ntry>`;
}

function accountXml(account: ReportAccount): string {
  return `
      <Acct>
        <Id><Othr><Id>${escape(account.accountNumber)}</Id></Othr></Id>
        <Ccy>${account.currency}</Ccy>
        <Nm>${escape(account.name)}</Nm>
      </Acct>`;
}

/** A day's camt.053 statement of the account with these entries (balances as the bank states them). */
export function camt053(account: ReportAccount, entries: readonly ReportEntry[], day = '2026-11-27'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr>
      <MsgId>STMT-${day}-${account.accountNumber}</MsgId>
      <CreDtTm>${day}T23:59:00+07:00</CreDtTm>
    </GrpHdr>
    <Stmt>
      <Id>${account.accountNumber}-${day}</Id>
      <CreDtTm>${day}T23:59:00+07:00</CreDtTm>${accountXml(account)}
      <Bal>
        <Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="${account.currency}">0</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Dt><Dt>${day}</Dt></Dt>
      </Bal>${entries.map((entry, index) => entryXml(entry, account.currency, index)).join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** A camt.054 debit/credit notification of the account with these entries. */
export function camt054(account: ReportAccount, entries: readonly ReportEntry[], day = '2026-11-27'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr>
      <MsgId>NTFC-${day}-${account.accountNumber}</MsgId>
      <CreDtTm>${day}T12:00:00+07:00</CreDtTm>
    </GrpHdr>
    <Ntfctn>
      <Id>${account.accountNumber}-${day}-1</Id>
      <CreDtTm>${day}T12:00:00+07:00</CreDtTm>${accountXml(account)}${entries
        .map((entry, index) => entryXml(entry, account.currency, index))
        .join('')}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
}
