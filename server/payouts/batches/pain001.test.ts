import { describe, expect, it } from 'vitest';
import { moneyOf } from '@/lib/money';
import { xsdProblems } from '@/tests/support/iso20022';
import { pain001Xml, type Pain001Batch, type Pain001Transfer } from './pain001';

// Each validation starts a libxml2 worker and compiles the XSD: about a second, more on a loaded machine.
const XSD = { timeout: 30_000 };

const transfer = (overrides: Partial<Pain001Transfer> = {}): Pain001Transfer => ({
  endToEndId: 'PO-0001',
  money: moneyOf('THB', 100_050n),
  creditor: { name: 'Somchai Jaidee', accountNumber: '123-4-56789-0' },
  creditorAgent: { bankCode: '004' },
  remittance: 'Payout PO-0001',
  ...overrides,
});

const batch = (overrides: Partial<Pain001Batch> = {}): Pain001Batch => ({
  messageId: 'PB-20261124-0001',
  createdAt: new Date('2026-11-24T09:15:30.456Z'),
  requestedExecutionDate: '2026-11-25',
  initiatingParty: { name: 'Example Gateway Co., Ltd.', id: '0105551234567' },
  debtor: { name: 'Example Gateway Co., Ltd.', accountNumber: '987-6-54321-0', agent: { bankCode: '014' } },
  transfers: [transfer()],
  ...overrides,
});

/** Every text of the named element, in document order, found independently of the generator. */
const texts = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]);

const thb = batch({
  transfers: [
    transfer({ endToEndId: 'PO-0001', money: moneyOf('THB', 100_050n) }),
    transfer({ endToEndId: 'PO-0002', money: moneyOf('THB', 2_025n), creditorAgent: { bankCode: '002' } }),
    transfer({ endToEndId: 'PO-0003', money: moneyOf('THB', 5n), remittance: undefined }),
  ],
});

describe('pain001Xml for a THB batch with domestic account numbers and bank codes', XSD, () => {
  const xml = pain001Xml(thb);

  it('passes the pain.001.001.09 XSD', async () => {
    expect(await xsdProblems(xml, 'pain.001.001.09')).toEqual([]);
  });

  it('counts the transfers and sums them with two decimals', () => {
    expect(texts(xml, 'NbOfTxs')).toEqual(['3', '3']);
    expect(texts(xml, 'CtrlSum')).toEqual(['1020.80', '1020.80']);
    expect(texts(xml, 'InstdAmt')).toEqual(['1000.50', '20.25', '0.05']);
    expect(xml.match(/<InstdAmt Ccy="THB">/g)).toHaveLength(3);
  });

  it('writes the EndToEndIds in the order of the transfers', () => {
    expect(texts(xml, 'EndToEndId')).toEqual(['PO-0001', 'PO-0002', 'PO-0003']);
  });

  it('writes the header, the account numbers as Othr and the bank codes as clearing member ids', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">',
      ),
    ).toBe(true);
    expect(texts(xml, 'MsgId')).toEqual(['PB-20261124-0001']);
    expect(texts(xml, 'PmtInfId')).toEqual(['PB-20261124-0001']);
    expect(texts(xml, 'CreDtTm')).toEqual(['2026-11-24T09:15:30Z']);
    expect(texts(xml, 'Dt')).toEqual(['2026-11-25']);
    expect(texts(xml, 'MmbId')).toEqual(['014', '004', '002', '004']);
    expect(xml).toMatch(/<CdtrAcct>\s*<Id>\s*<Othr>\s*<Id>123-4-56789-0<\/Id>/);
    expect(texts(xml, 'Ustrd')).toEqual(['Payout PO-0001', 'Payout PO-0001']);
    expect(texts(xml, 'ChrgBr')).toEqual(['DEBT']);
  });

  it('gives the same bytes for the same batch', () => {
    expect(pain001Xml(thb)).toBe(xml);
  });
});

describe('pain001Xml for other currencies, IBANs, BICs and names', XSD, () => {
  it('writes JPY without decimals and Japanese names', async () => {
    const xml = pain001Xml(
      batch({
        debtor: {
          name: '株式会社サンプル',
          accountNumber: '1234567',
          agent: { bic: 'BOTKJPJTXXX', bankCode: '0005' },
        },
        transfers: [
          transfer({
            endToEndId: 'JP-1',
            money: moneyOf('JPY', 1_500n),
            creditor: { name: '山田 太郎', accountNumber: '7654321' },
            creditorAgent: { bankCode: '0009', name: '三井住友銀行' },
          }),
          transfer({
            endToEndId: 'JP-2',
            money: moneyOf('JPY', 25_000n),
            creditor: { name: 'ヤマダ ハナコ', accountNumber: '1111111' },
            creditorAgent: { bic: 'mhcbjpjt' },
          }),
        ],
      }),
    );
    expect(await xsdProblems(xml, 'pain.001.001.09')).toEqual([]);
    expect(texts(xml, 'InstdAmt')).toEqual(['1500', '25000']);
    expect(texts(xml, 'CtrlSum')).toEqual(['26500', '26500']);
    expect(texts(xml, 'BICFI')).toEqual(['BOTKJPJTXXX', 'MHCBJPJT']);
    expect(texts(xml, 'Nm')).toContain('山田 太郎');
    // BICFI comes before ClrSysMmbId in FinInstnId.
    expect(xml).toMatch(/<BICFI>BOTKJPJTXXX<\/BICFI>\s*<ClrSysMmbId>\s*<MmbId>0005<\/MmbId>/);
  });

  it('writes a valid IBAN (with or without spaces) as IBAN and an invalid one as Othr', async () => {
    const xml = pain001Xml(
      batch({
        debtor: {
          name: 'Example GmbH',
          accountNumber: 'DE89 3704 0044 0532 0130 00',
          agent: { bic: 'COBADEFFXXX' },
        },
        transfers: [
          transfer({
            creditor: { name: 'Jane Doe', accountNumber: 'GB82WEST12345698765431' },
            creditorAgent: { bic: 'WESTGB2L' },
          }),
        ],
      }),
    );
    expect(await xsdProblems(xml, 'pain.001.001.09')).toEqual([]);
    expect(texts(xml, 'IBAN')).toEqual(['DE89370400440532013000']);
    expect(xml).toContain('<Id>GB82WEST12345698765431</Id>'); // check digits do not match: Othr/Id
  });

  it('escapes markup in names and remittance, and clips names and remittance to 140 characters', async () => {
    const longThai = 'บริษัท ตัวอย่าง จำกัด '.repeat(10);
    const xml = pain001Xml(
      batch({
        initiatingParty: { name: 'Tom & Jerry <Payments> "Ltd" \'TH\'' },
        transfers: [
          transfer({
            creditor: { name: longThai, accountNumber: '123-4-56789-0' },
            remittance: '😀'.repeat(150),
          }),
          transfer({
            endToEndId: 'PO-0002',
            creditor: { name: 'สมชาย & <ใจดี>', accountNumber: '222-2-22222-2' },
            creditorAgent: {},
          }),
        ],
      }),
    );
    expect(await xsdProblems(xml, 'pain.001.001.09')).toEqual([]);
    expect(xml).toContain('<Nm>Tom &amp; Jerry &lt;Payments&gt; &quot;Ltd&quot; &#39;TH&#39;</Nm>');
    expect(xml).toContain('<Nm>สมชาย &amp; &lt;ใจดี&gt;</Nm>');
    expect(texts(xml, 'Nm')).toContain([...longThai.trim()].slice(0, 140).join(''));
    expect(texts(xml, 'Ustrd')).toEqual(['😀'.repeat(140), 'Payout PO-0001']);
    expect(xml).not.toContain('<Id>0105551234567</Id>');
    // An agent with nothing to name it by.
    expect(xml).toMatch(/<CdtrAgt>\s*<FinInstnId>\s*<Othr>\s*<Id>NOTPROVIDED<\/Id>/);
  });
});

describe('xsdProblems reports a tampered file', XSD, () => {
  const xml = pain001Xml(thb);

  it('reports an element out of order', async () => {
    const swapped = xml.replace(/(<PmtMtd>TRF<\/PmtMtd>)(\s*)(<BtchBookg>false<\/BtchBookg>)/, '$3$2$1');
    expect(swapped).not.toBe(xml);
    const problems = await xsdProblems(swapped, 'pain.001.001.09');
    expect(problems.join('\n')).toMatch(/BtchBookg/);
  });

  it('reports an EndToEndId of 36 characters', async () => {
    const tampered = xml.replace(
      '<EndToEndId>PO-0002</EndToEndId>',
      `<EndToEndId>${'X'.repeat(36)}</EndToEndId>`,
    );
    const problems = await xsdProblems(tampered, 'pain.001.001.09');
    expect(problems.join('\n')).toMatch(/EndToEndId.*maxLength/);
  });

  it('reports a document that is not well-formed', async () => {
    expect(
      await xsdProblems(xml.replace('&amp;', '&').replace('</Document>', ''), 'pain.001.001.09'),
    ).not.toEqual([]);
  });
});

describe('pain001Xml refuses a batch the bank would refuse', () => {
  it.each<[string, Partial<Pain001Batch>, RegExp]>([
    ['no transfers', { transfers: [] }, /at least one transfer/],
    [
      'mixed currencies',
      { transfers: [transfer(), transfer({ endToEndId: 'PO-0002', money: moneyOf('JPY', 100n) })] },
      /one currency/,
    ],
    [
      'an EndToEndId over 35 characters',
      { transfers: [transfer({ endToEndId: 'E'.repeat(36) })] },
      /EndToEndId must be 1 to 35/,
    ],
    ['a MsgId over 35 characters', { messageId: 'M'.repeat(36) }, /MsgId must be 1 to 35/],
    ['an EndToEndId used twice', { transfers: [transfer(), transfer()] }, /appears twice/],
    [
      'an account number over 34 characters',
      { transfers: [transfer({ creditor: { name: 'A', accountNumber: '1'.repeat(35) } })] },
      /CdtrAcct must be 1 to 34/,
    ],
    ['a malformed BIC', { transfers: [transfer({ creditorAgent: { bic: 'KASITH' } })] }, /not a BIC/],
    ['a zero amount', { transfers: [transfer({ money: moneyOf('THB', 0n) })] }, /no positive amount/],
    [
      'a token currency',
      { transfers: [transfer({ money: moneyOf('USDT', 1n) })] },
      /not an ISO 4217 currency/,
    ],
    ['an impossible execution date', { requestedExecutionDate: '2026-02-30' }, /not a YYYY-MM-DD date/],
    [
      'an empty creditor name',
      { transfers: [transfer({ creditor: { name: '  ', accountNumber: '1' } })] },
      /Cdtr\/Nm must not be empty/,
    ],
    ['a control character', { transfers: [transfer({ remittance: 'a\u0001b' })] }, /XML cannot carry/],
  ])('throws on %s', (_case, overrides, message) => {
    expect(() => pain001Xml(batch(overrides))).toThrow(message);
  });
});
