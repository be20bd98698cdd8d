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
    const camt054 = '<Document><BkToCstmrDbtCdtNtfctn><Ntfctn/></BkToCstmrDbtCdtNtfctn></Document>';
    expect(parseCamt053(camt054).problems).toEqual([
      { where: 'file', message: 'Not a camt.053 statement: expected Document/BkToCstmrStmt/Stmt.' },
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
  });

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
