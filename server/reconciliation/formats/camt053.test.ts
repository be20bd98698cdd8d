import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCamt053 } from './camt053';
import { MAX_STATEMENT_RECORDS } from './record-checks';
import { STATEMENT_MAX_BYTES as MAX_STATEMENT_BYTES } from '@/lib/api/collection-responses';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/statements/${name}`, import.meta.url), 'utf8');
const vcb = fixture('vcb-camt053.xml');
const v02 = fixture('camt053-v02.xml');
const thai = { timeZone: '+07:00' };

/** The n-th <Ntry>…</Ntry> of a source, found independently of the parser. */
const entrySource = (xml: string, n: number) => xml.match(/<Ntry>[\s\S]*?<\/Ntry>/g)?.[n - 1];

/** A v.08 statement around the given entries. */
const statement = (...entries: string[]) => `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>
<Acct><Id><IBAN>VN00TEST0000000001</IBAN></Id><Ccy>VND</Ccy></Acct>
${entries.join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
const entry = (inner: string, amount = '<Amt Ccy="VND">100000</Amt>') =>
  `<Ntry>${amount}<CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><DtTm>2026-11-24T09:00:00Z</DtTm></BookgDt>${inner}</Ntry>`;

describe('parseCamt053 on a Vietcombank camt.053.001.08', () => {
  const result = parseCamt053(vcb, thai);

  it('names the statement’s account and currency', () => {
    expect(result).toMatchObject({ account: '0071000123456', currency: 'VND', problems: [] });
  });

  it('maps every field of a booked credit, keeping its <Ntry> source exactly', () => {
    expect(result.transactions[0]).toEqual({
      bankTransactionId: 'FT26328091244512',
      amount: '2500000',
      currency: 'VND',
      bookedAt: new Date('2026-11-24T02:12:44Z'),
      note: 'NGUYEN VAN A chuyen tien PAY 7KQ2M9XW4D',
      payer: { name: 'NGUYEN VAN A', accountNumber: '19031234567018', bank: 'VTCBVNVX' },
      to: '0071000123456',
      raw: entrySource(vcb, 1),
    });
  });

  it('skips and counts the debit and the pending entry', () => {
    expect(result.skipped).toBe(2);
    expect(result.transactions.map((t) => t.bankTransactionId)).not.toContain('FT26328100510877');
    expect(result.transactions.map((t) => t.bankTransactionId)).not.toContain('FT26328235802114');
  });

  it('gives one transaction per TxDtls that has its own amount', () => {
    expect(result.transactions.slice(1, 3)).toEqual([
      expect.objectContaining({
        bankTransactionId: 'FT26328143000101',
        amount: '1550000',
        note: '5HJ7TK3M8Q',
        payer: { name: 'CONG TY CP VAN TAI MAU', accountNumber: '0451000987654' },
        raw: entrySource(vcb, 4),
      }),
      expect.objectContaining({
        bankTransactionId: 'FT26328143000102',
        amount: '2000000',
        note: 'TT don hang & phi van chuyen PAY 2DX6WQ9C4H',
      }),
    ]);
  });

  it('reads a booking date without time at the statement’s time zone, and AddtlNtryInf as the note', () => {
    expect(result.transactions[3]).toMatchObject({
      bankTransactionId: 'FT26328170122963',
      bookedAt: new Date('2026-11-23T17:00:00Z'),
      note: 'IBFT LE VAN C PAY 4MZ8QH2K7T',
    });
    expect(result.transactions).toHaveLength(4);
  });
});

describe('parseCamt053 on an older camt.053.001.02', () => {
  it('reads <Sts>BOOK</Sts>, Dbtr/Nm, BIC and EndToEndId ids', () => {
    const result = parseCamt053(v02, thai);
    expect(result).toMatchObject({ account: '1234567890', currency: 'THB', skipped: 0, problems: [] });
    expect(result.transactions).toEqual([
      {
        bankTransactionId: 'BBL261124100000017',
        amount: '1500.50',
        currency: 'THB',
        bookedAt: new Date('2026-11-24T03:00:00Z'),
        note: 'PAY 7KQ2M9XW4D',
        payer: { name: 'SOMCHAI JAIDEE', accountNumber: 'xxx-x-x4821-x', bank: 'SICOTHBK' },
        to: '1234567890',
        raw: entrySource(v02, 1),
      },
      expect.objectContaining({
        bankTransactionId: 'PP2611241104',
        amount: '250.00',
        note: 'PromptPay transfer',
      }),
    ]);
  });

  it('refuses local booking times without a time zone', () => {
    expect(parseCamt053(v02).problems).toEqual([
      { where: 'Ntry 1 (line 16), BookgDt', message: expect.stringMatching(/no UTC offset/) as string },
      { where: 'Ntry 2 (line 36), BookgDt', message: expect.stringMatching(/no UTC offset/) as string },
    ]);
  });
});

describe('parseCamt053 entries', () => {
  it('ignores namespace prefixes', () => {
    const xml = statement(entry('<AcctSvcrRef>R1</AcctSvcrRef>')).replace(/<(\/?)(\w+)/g, '<$1c:$2');
    const result = parseCamt053(xml.replace('<c:Document xmlns=', '<c:Document xmlns:c='));
    expect(result.problems).toEqual([]);
    expect(result.transactions[0]?.bankTransactionId).toBe('R1');
  });

  it('skips reversals, informational and debit entries', () => {
    const result = parseCamt053(
      statement(
        entry('<RvslInd>true</RvslInd><AcctSvcrRef>R1</AcctSvcrRef>'),
        entry('<AcctSvcrRef>R2</AcctSvcrRef>').replace('BOOK', 'INFO'),
        entry('<AcctSvcrRef>R3</AcctSvcrRef>').replace('CRDT', 'DBIT'),
      ),
    );
    expect(result).toMatchObject({ transactions: [], skipped: 3, problems: [] });
  });

  it('falls back from TxDtls refs to the entry’s, numbering split parts, and never takes NOTPROVIDED', () => {
    const split = (n: number) =>
      `<TxDtls><Refs><EndToEndId>E${n}</EndToEndId></Refs><Amt Ccy="VND">50000</Amt></TxDtls>`;
    const result = parseCamt053(
      statement(
        entry(`<AcctSvcrRef>B1</AcctSvcrRef><NtryDtls>${split(1)}${split(2)}</NtryDtls>`),
        entry('<NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs></TxDtls></NtryDtls>'),
      ),
    );
    expect(result.transactions.map((t) => [t.bankTransactionId, t.amount])).toEqual([
      ['B1/1', '50000'],
      ['B1/2', '50000'],
    ]);
    expect(result.problems).toEqual([
      { where: 'Ntry 2 (line 5), AcctSvcrRef', message: 'No AcctSvcrRef or EndToEndId to identify it.' },
    ]);
  });

  it('keeps several TxDtls without amounts as one transaction of the entry', () => {
    const tx = (note: string) => `<TxDtls><RmtInf><Ustrd>${note}</Ustrd></RmtInf></TxDtls>`;
    const result = parseCamt053(
      statement(entry(`<AcctSvcrRef>R1</AcctSvcrRef><NtryDtls>${tx('A')}${tx('B')}</NtryDtls>`)),
    );
    expect(result.transactions).toEqual([
      expect.objectContaining({ bankTransactionId: 'R1', amount: '100000', note: 'A B' }),
    ]);
  });

  it('names each entry’s problems: currency, precision, status, direction, duplicates', () => {
    const result = parseCamt053(
      statement(
        entry('<AcctSvcrRef>R1</AcctSvcrRef>', '<Amt Ccy="EUR">10.00</Amt>'),
        entry('<AcctSvcrRef>R2</AcctSvcrRef>', '<Amt Ccy="VND">10.5</Amt>'),
        entry('<AcctSvcrRef>R3</AcctSvcrRef>').replace('<Sts><Cd>BOOK</Cd></Sts>', ''),
        entry('<AcctSvcrRef>R4</AcctSvcrRef>').replace('CRDT', 'CRED'),
        entry('<AcctSvcrRef>R5</AcctSvcrRef>'),
        entry('<AcctSvcrRef>R5</AcctSvcrRef>'),
      ),
    );
    expect(result.problems).toEqual([
      { where: 'Ntry 1 (line 4), Amt', message: '"EUR" is not a currency we handle.' },
      { where: 'Ntry 2 (line 5), Amt', message: 'VND takes at most 0 decimals: "10.5" has 1.' },
      { where: 'Ntry 3 (line 6), Sts', message: 'No status.' },
      { where: 'Ntry 4 (line 7), CdtDbtInd', message: 'Neither CRDT nor DBIT.' },
      {
        where: 'Ntry 6 (line 9), AcctSvcrRef',
        message:
          'Bank transaction id "R5" appears twice in this file (first at Ntry 5 (line 8), AcctSvcrRef).',
      },
    ]);
  });
});

describe('parseCamt053 hostile and foreign input', () => {
  it('refuses DOCTYPE and ENTITY declarations before parsing', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><Document>&lol2;</Document>`;
    const message = 'DOCTYPE and ENTITY declarations are not accepted in a statement.';
    expect(parseCamt053(laughs).problems).toEqual([{ where: 'file', message }]);
    const xxe = statement(entry('<AcctSvcrRef>&xxe;</AcctSvcrRef>')).replace(
      '<Document',
      '<!doctype Document SYSTEM "file:///etc/passwd"><Document',
    );
    expect(parseCamt053(xxe).problems).toEqual([{ where: 'file', message }]);
  });

  it('leaves undeclared entities unexpanded and decodes character references', () => {
    const result = parseCamt053(
      statement(entry('<AcctSvcrRef>R1</AcctSvcrRef><AddtlNtryInf>&xxe; &#x41;&#66;</AddtlNtryInf>')),
    );
    expect(result.transactions[0]?.note).toBe('&xxe; AB');
  });

  it('refuses a file over the size cap, malformed XML and other messages', () => {
    expect(parseCamt053(' '.repeat(MAX_STATEMENT_BYTES + 1)).problems[0]?.message).toMatch(
      /larger than 5 MB/,
    );
    expect(parseCamt053(statement('<Ntry><Amt>')).problems[0]?.message).toMatch(/^Not well-formed XML: /);
    expect(parseCamt053('a,b,c\n1,2,3').problems[0]?.message).toMatch(/^Not well-formed XML/);
    const pain001 = '<Document><CstmrCdtTrfInitn><GrpHdr/></CstmrCdtTrfInitn></Document>';
    expect(parseCamt053(pain001).problems).toEqual([
      {
        where: 'file',
        message:
          'Not a camt.053 statement or camt.054 notification: expected Document/BkToCstmrStmt/Stmt or Document/BkToCstmrDbtCdtNtfctn/Ntfctn.',
      },
    ]);
    expect(parseCamt053(vcb, { timeZone: 'ICT' }).problems[0]?.where).toBe('timeZone');
  });

  it('counts the entries before parsing any: past the cap the file is refused unread', () => {
    const tooMany = {
      where: 'file',
      message: 'More than 10,000 entries: split the statement into smaller files.',
    };
    // 740,000 empty entries in 5 MB used to be parsed whole (seconds of blocked loop) before counting.
    const empty = statement('<Ntry/>'.repeat(Math.floor((MAX_STATEMENT_BYTES - 400) / 7)));
    expect(parseCamt053(empty).problems).toEqual([tooMany]);
    const prefixed = `<c:Document xmlns:c="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><c:BkToCstmrStmt><c:Stmt>${'<c:Ntry></c:Ntry>'.repeat(MAX_STATEMENT_RECORDS + 1)}</c:Stmt></c:BkToCstmrStmt></c:Document>`;
    expect(parseCamt053(prefixed).problems).toEqual([tooMany]);
    const atTheCap = statement(
      ...Array.from({ length: MAX_STATEMENT_RECORDS }, (_, i) => entry(`<AcctSvcrRef>R${i}</AcctSvcrRef>`)),
    );
    const read = parseCamt053(atTheCap);
    expect(read.problems).toEqual([]);
    expect(read.transactions).toHaveLength(MAX_STATEMENT_RECORDS);
    expect(read.transactions[9_999]?.bankTransactionId).toBe('R9999');
    // Three 5 MB parses: seconds on a loaded CI machine, beyond the default 5 s.
  }, 30_000);

  it('names an entry that is never closed, and one that is not well-formed inside', () => {
    const unclosed = parseCamt053(statement(entry('<AcctSvcrRef>R1</AcctSvcrRef>'), '<Ntry><Amt>1</Amt>'));
    expect(unclosed.problems).toEqual([
      { where: 'file', message: 'Not well-formed XML: the Ntry at line 5 is never closed.' },
    ]);
    const broken = parseCamt053(statement(entry('<AcctSvcrRef>R1</AcctSvcrRef>'), '<Ntry><Amt>1</Ntry>'));
    expect(broken.problems[0]?.message).toMatch(/^Not well-formed XML: Ntry 2 \(line 5\): /);
  });

  it('refuses a NUL, naming its line', () => {
    expect(
      parseCamt053(statement(entry('<AcctSvcrRef>R1</AcctSvcrRef><AddtlNtryInf>a\0</AddtlNtryInf>')))
        .problems,
    ).toEqual([{ where: 'line 4', message: 'A NUL character (U+0000) is not text.' }]);
  });

  it('refuses statements of several accounts in one file', () => {
    const two = vcb.replace('</Stmt>', '</Stmt><Stmt><Acct><Id><Othr><Id>999</Id></Othr></Id></Acct></Stmt>');
    expect(parseCamt053(two, thai).problems).toEqual([
      { where: 'Stmt', message: 'The statements are of several accounts: one per file.' },
    ]);
  });
});

const payoutFixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const vnd = (minor: bigint) => ({ currency: 'VND', minor });
/** How problems and outgoing entries name the n-th entry, found independently of the parser. */
const entryWhere = (xml: string, n: number) => {
  const start = [...xml.matchAll(/<Ntry>/g)][n - 1]?.index ?? -1;
  return `Ntry ${n} (line ${xml.slice(0, start).split('\n').length})`;
};

describe('parseCamt053 on the payouts of a camt.053.001.08', () => {
  const xml = payoutFixture('payouts-camt053.xml');
  const result = parseCamt053(xml, thai);
  const entryAt = (n: number) => entryWhere(xml, n);

  it('reads the file whole, its credits as before', () => {
    expect(result).toMatchObject({ account: '0071000123456', currency: 'VND', problems: [] });
    expect(result.transactions.map((t) => t.bankTransactionId)).toEqual(['FT26329081502118']);
  });

  it('gives a batch-booked debit one DEBIT per transaction, with its own amount and EndToEndId', () => {
    const where = entryAt(2);
    expect(result.outgoing.slice(0, 3)).toEqual([
      {
        kind: 'DEBIT',
        endToEndId: 'E2E-20261125-0001',
        money: vnd(5_000_000n),
        bookedAt: new Date('2026-11-25T03:02:31Z'),
        where: `${where}, TxDtls 1`,
      },
      {
        kind: 'DEBIT',
        endToEndId: 'E2E-20261125-0002',
        money: vnd(4_250_000n),
        bookedAt: new Date('2026-11-25T03:02:31Z'),
        where: `${where}, TxDtls 2`,
      },
      {
        kind: 'DEBIT',
        endToEndId: 'E2E-20261125-0003',
        money: vnd(3_500_000n),
        bookedAt: new Date('2026-11-25T03:02:31Z'),
        where: `${where}, TxDtls 3`,
      },
    ]);
  });

  it('gives a debit of one transaction the entry’s amount', () => {
    expect(result.outgoing[3]).toEqual({
      kind: 'DEBIT',
      endToEndId: 'E2E-20261125-0004',
      money: vnd(1_800_000n),
      bookedAt: new Date('2026-11-25T03:02:32Z'),
      where: entryAt(3),
    });
  });

  it('reads a reversal of a debit and a credit returning a transfer as RETURNED, not as credits', () => {
    expect(result.outgoing.slice(4)).toEqual([
      {
        kind: 'RETURNED',
        endToEndId: 'E2E-20261124-0007',
        money: vnd(900_000n),
        bookedAt: new Date('2026-11-25T04:40:00Z'),
        where: entryAt(5),
      },
      {
        kind: 'RETURNED',
        endToEndId: 'E2E-20261123-0012',
        money: vnd(3_200_000n),
        bookedAt: new Date('2026-11-25T07:05:47Z'),
        reason: 'AC04',
        where: entryAt(6),
      },
    ]);
    expect(result.transactions.map((t) => t.bankTransactionId)).not.toContain('FT26329140547731');
  });

  it('skips and counts the fee debit without EndToEndId and the pending debit', () => {
    expect(result.skipped).toBe(2);
    expect(result.outgoing.map((o) => o.endToEndId)).not.toContain('E2E-20261125-0005');
    expect(result.outgoing).toHaveLength(6);
  });
});

describe('parseCamt053 on a camt.054.001.08 notification', () => {
  const xml = payoutFixture('payouts-camt054.xml');
  const result = parseCamt053(xml, { timeZone: '+09:00' });

  it('reads its credits and debits, with the notification’s account and currency', () => {
    expect(result).toMatchObject({ account: '0011234567', currency: 'JPY', skipped: 0, problems: [] });
    expect(result.transactions).toEqual([
      {
        bankTransactionId: 'MH2611250134205',
        amount: '150000',
        currency: 'JPY',
        bookedAt: new Date('2026-11-25T04:42:05Z'),
        note: 'PAY 3FJ8QW2M5K',
        payer: { name: 'YAMADA TARO' },
        to: '0011234567',
        raw: entrySource(xml, 1),
      },
    ]);
  });

  it('reads a booked debit and a rejected one in yen (no decimals), dates at the time zone given', () => {
    expect(result.outgoing).toEqual([
      {
        kind: 'DEBIT',
        endToEndId: 'E2E-20261125-0101',
        money: { currency: 'JPY', minor: 250_000n },
        bookedAt: new Date('2026-11-24T15:00:00Z'),
        where: entryWhere(xml, 2),
      },
      {
        kind: 'REJECTED',
        endToEndId: 'E2E-20261125-0102',
        money: { currency: 'JPY', minor: 80_000n },
        bookedAt: new Date('2026-11-24T15:00:00Z'),
        reason: 'AC01',
        where: entryWhere(xml, 3),
      },
    ]);
  });

  it('refuses notifications of several accounts in one file, and reads an empty one', () => {
    const two = xml.replace(
      '</Ntfctn>',
      '</Ntfctn><Ntfctn><Id>2</Id><Acct><Id><Othr><Id>999</Id></Othr></Id></Acct></Ntfctn>',
    );
    expect(parseCamt053(two, { timeZone: '+09:00' }).problems).toEqual([
      { where: 'Ntfctn', message: 'The notifications are of several accounts: one per file.' },
    ]);
    const empty = '<Document><BkToCstmrDbtCdtNtfctn><Ntfctn/></BkToCstmrDbtCdtNtfctn></Document>';
    expect(parseCamt053(empty)).toEqual({ transactions: [], outgoing: [], skipped: 0, problems: [] });
  });
});

describe('parseCamt053 outgoing entries', () => {
  /** A v.08 entry of the account's own transfers (a debit unless told). */
  const sent = (
    details: string,
    { amount = '<Amt Ccy="VND">100000</Amt>', direction = 'DBIT', status = 'BOOK', reversal = '' } = {},
  ) =>
    `<Ntry>${amount}<CdtDbtInd>${direction}</CdtDbtInd>${reversal}<Sts><Cd>${status}</Cd></Sts><BookgDt><DtTm>2026-11-24T09:00:00Z</DtTm></BookgDt><AcctSvcrRef>R</AcctSvcrRef><NtryDtls>${details}</NtryDtls></Ntry>`;
  const tx = (endToEndId: string, inner = '') =>
    `<TxDtls><Refs><EndToEndId>${endToEndId}</EndToEndId></Refs>${inner}</TxDtls>`;
  const own = (amount: string) => `<AmtDtls><TxAmt><Amt Ccy="VND">${amount}</Amt></TxAmt></AmtDtls>`;
  const returnInfo = (code: string) => `<RtrInf><Rsn><Cd>${code}</Cd></Rsn></RtrInf>`;
  const at = new Date('2026-11-24T09:00:00Z');

  it('skips debits without an EndToEndId, debits reversed and transfers not booked', () => {
    const result = parseCamt053(
      statement(
        sent(''),
        sent(tx('NOTPROVIDED')),
        sent(`<TxDtls><Refs><InstrId>I1</InstrId></Refs></TxDtls>`),
        sent(tx('E1'), { reversal: '<RvslInd>true</RvslInd>' }),
        sent(tx('E2'), { status: 'PDNG' }),
        sent(tx('E3'), { status: 'INFO' }),
        sent(tx('E4'), { direction: 'CRDT', reversal: '<RvslInd>1</RvslInd>', status: 'PDNG' }),
      ),
    );
    expect(result).toEqual({
      transactions: [],
      outgoing: [],
      skipped: 7,
      problems: [],
      account: 'VN00TEST0000000001',
      currency: 'VND',
    });
  });

  it('reads a rejected debit of a .08 statement, with its reason when given', () => {
    const result = parseCamt053(
      statement(sent(tx('E1', returnInfo('AC04')), { status: 'RJCT' }), sent(tx('E2'), { status: 'RJCT' })),
    );
    expect(result.outgoing).toEqual([
      {
        kind: 'REJECTED',
        endToEndId: 'E1',
        money: vnd(100_000n),
        bookedAt: at,
        reason: 'AC04',
        where: 'Ntry 1 (line 4)',
      },
      { kind: 'REJECTED', endToEndId: 'E2', money: vnd(100_000n), bookedAt: at, where: 'Ntry 2 (line 5)' },
    ]);
  });

  it('reads the transactions of a batch that name an EndToEndId, numbered among all', () => {
    const result = parseCamt053(
      statement(sent(`${tx('NOTPROVIDED', own('40000'))}${tx('E2', own('60000'))}`)),
    );
    expect(result).toMatchObject({ skipped: 0, problems: [] });
    expect(result.outgoing).toEqual([
      {
        kind: 'DEBIT',
        endToEndId: 'E2',
        money: vnd(60_000n),
        bookedAt: at,
        where: 'Ntry 1 (line 4), TxDtls 2',
      },
    ]);
  });

  it('refuses a debit with an EndToEndId whose amount, currency or date cannot be read', () => {
    const result = parseCamt053(
      statement(
        entry('<AcctSvcrRef>C1</AcctSvcrRef>'),
        sent(tx('E1'), { amount: '<Amt Ccy="VND">12.5</Amt>' }),
        sent(tx('E2'), { amount: '<Amt Ccy="EUR">10.00</Amt>' }),
        sent(`${tx('E3', own('50000'))}${tx('E4')}`),
        sent(tx('E5')).replace('<DtTm>2026-11-24T09:00:00Z</DtTm>', '<DtTm>2026-11-24T09:00:00</DtTm>'),
        sent(tx('E6'), { amount: '<Amt Ccy="VND">1000000000000000</Amt>' }),
        sent(tx('E'.repeat(36))),
        sent('').replace('<Sts><Cd>BOOK</Cd></Sts>', ''),
        sent(tx('E8')).replace('<Sts><Cd>BOOK</Cd></Sts>', ''),
        sent(tx('E9')).replace('<Amt Ccy="VND">100000</Amt>', ''),
      ),
    );
    expect(result.problems).toEqual([
      { where: 'Ntry 2 (line 5), Amt', message: 'VND takes at most 0 decimals: "12.5" has 1.' },
      { where: 'Ntry 3 (line 6), Amt', message: '"EUR" is not a currency we handle.' },
      {
        where: 'Ntry 4 (line 7), TxDtls 2, Amt',
        message: 'No amount of its own (AmtDtls/TxAmt/Amt or Amt) in an entry of several transactions.',
      },
      { where: 'Ntry 5 (line 8), BookgDt', message: expect.stringMatching(/no UTC offset/) as string },
      { where: 'Ntry 6 (line 9), Amt', message: 'Amount is too large.' },
      {
        where: 'Ntry 7 (line 10), EndToEndId',
        message: `"${'E'.repeat(36).slice(0, 40)}" is not an EndToEndId: 1 to 35 characters, no control characters.`,
      },
      { where: 'Ntry 9 (line 12), Sts', message: 'No status.' },
      { where: 'Ntry 10 (line 13), Amt', message: '"" is not a currency we handle.' },
      { where: 'Ntry 10 (line 13), Amt', message: '"" is not a decimal amount such as 1234.50.' },
    ]);
    expect(result.outgoing.map((o) => o.endToEndId)).toEqual(['E3']);
    expect(result.skipped).toBe(1);
  });

  it('reads yen amounts without decimals, and refuses decimals in yen', () => {
    const yen = (amount: string) => ({ amount: `<Amt Ccy="JPY">${amount}</Amt>` });
    const result = parseCamt053(statement(sent(tx('E1'), yen('1500')), sent(tx('E2'), yen('1500.5'))));
    expect(result.outgoing).toEqual([
      {
        kind: 'DEBIT',
        endToEndId: 'E1',
        money: { currency: 'JPY', minor: 1500n },
        bookedAt: at,
        where: 'Ntry 1 (line 4)',
      },
    ]);
    expect(result.problems).toEqual([
      { where: 'Ntry 2 (line 5), Amt', message: 'JPY takes at most 0 decimals: "1500.5" has 1.' },
    ]);
  });

  it('reads return credits by RtrInf or by the RRTN code, of the entry or the transaction', () => {
    const rrtn =
      '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>RRTN</SubFmlyCd></Fmly></Domn></BkTxCd>';
    const result = parseCamt053(
      statement(
        entry(`<AcctSvcrRef>C1</AcctSvcrRef><NtryDtls>${tx('E1', returnInfo('AC04'))}</NtryDtls>`),
        entry(`<AcctSvcrRef>C2</AcctSvcrRef>${rrtn}<NtryDtls>${tx('E2')}</NtryDtls>`),
        entry(`<AcctSvcrRef>C3</AcctSvcrRef><NtryDtls>${tx('E3', rrtn)}</NtryDtls>`),
        entry(`<AcctSvcrRef>C4</AcctSvcrRef>${rrtn}<NtryDtls>${tx('NOTPROVIDED')}</NtryDtls>`),
      ),
    );
    expect(result).toMatchObject({ transactions: [], skipped: 1, problems: [] });
    expect(result.outgoing.map((o) => [o.kind, o.endToEndId, o.reason])).toEqual([
      ['RETURNED', 'E1', 'AC04'],
      ['RETURNED', 'E2', undefined],
      ['RETURNED', 'E3', undefined],
    ]);
  });

  it('splits an entry of returns and credits when each has its own amount, else refuses it', () => {
    const mixed = (amounts: [string, string]) =>
      entry(
        `<AcctSvcrRef>B1</AcctSvcrRef><NtryDtls>${tx('E1', `${own(amounts[0])}${returnInfo('AC04')}`)}${tx('NOTPROVIDED', own(amounts[1]))}</NtryDtls>`,
      );
    const split = parseCamt053(statement(mixed(['30000', '70000'])));
    expect(split.problems).toEqual([]);
    expect(split.transactions.map((t) => [t.bankTransactionId, t.amount])).toEqual([['B1/2', '70000']]);
    expect(split.outgoing).toEqual([
      {
        kind: 'RETURNED',
        endToEndId: 'E1',
        money: vnd(30_000n),
        bookedAt: at,
        reason: 'AC04',
        where: 'Ntry 1 (line 4), TxDtls 1',
      },
    ]);
    const unsplit = parseCamt053(statement(mixed(['30000', '70000']).replace(own('70000'), '')));
    expect(unsplit.problems).toEqual([
      {
        where: 'Ntry 1 (line 4), NtryDtls',
        message: 'Returned transfers and credits in one entry: each TxDtls needs its own amount.',
      },
    ]);
    expect(unsplit.transactions).toEqual([]);
    const undated = parseCamt053(statement(mixed(['30000', '70000']).replace('Z</DtTm>', '</DtTm>')));
    expect(undated.problems).toEqual([
      { where: 'Ntry 1 (line 4), BookgDt', message: expect.stringMatching(/no UTC offset/) as string },
    ]);
  });
});
