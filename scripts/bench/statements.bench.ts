// The worst statements POST /collection/statements accepts: the largest CSV and camt.053 at the entry
// cap, read the way the service reads them (yielding between batches of records), with the longest
// event-loop delay the reading causes; and a hostile camt.053 of empty entries up to the size cap,
// refused before it is parsed. Target: no statement blocks the loop for more than 50 ms. The same
// camt.053 read in one go is the baseline: what one upload cost every other request before.
import { STATEMENT_MAX_BYTES } from '@/lib/api/collection-responses';
import { MAX_STATEMENT_RECORDS, parseStatement, readStatementText } from '@/server/reconciliation/formats';
import { loopDelayOf, report } from './report';

function csvAtTheCap(): string {
  const rows = ['date,amount,currency,reference,description'];
  for (let i = 0; i < MAX_STATEMENT_RECORDS - 1; i++)
    rows.push(
      `2026-11-24 10:${String(i % 60).padStart(2, '0')}:00,${1000 + i}.50,THB,TX${i},PAY 7KQ2M9XW4D SOMCHAI ${i}`,
    );
  return rows.join('\n');
}

function camtAtTheCap(): string {
  const entry = (i: number) =>
    `<Ntry><Amt Ccy="THB">${1000 + i}.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>` +
    `<BookgDt><DtTm>2026-11-24T10:00:00</DtTm></BookgDt><AcctSvcrRef>REF${i}</AcctSvcrRef>` +
    `<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>SOMCHAI JAIDEE</Nm></Dbtr></RltdPties>` +
    `<RmtInf><Ustrd>PAY 7KQ2M9XW4D ${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
  const entries = Array.from({ length: MAX_STATEMENT_RECORDS }, (_, i) => entry(i)).join('\n');
  return (
    '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>' +
    `<Stmt><Acct><Id><Othr><Id>1234567890</Id></Othr></Id><Ccy>THB</Ccy></Acct>${entries}</Stmt>` +
    '</BkToCstmrStmt></Document>'
  );
}

function emptyEntries(): string {
  const head = '<Document><BkToCstmrStmt><Stmt><Acct><Ccy>THB</Ccy></Acct>';
  const tail = '</Stmt></BkToCstmrStmt></Document>';
  return head + '<Ntry/>'.repeat(Math.floor((STATEMENT_MAX_BYTES - head.length - tail.length) / 7)) + tail;
}

const measure = (format: 'CSV' | 'CAMT053', text: string) =>
  loopDelayOf(() => readStatementText(format, text, { defaultCurrency: 'THB', timeZone: '+07:00' }));

const csv = await measure('CSV', csvAtTheCap());
// The baseline: the same camt.053 read in one go, as before statements were read in steps.
const camtAtOnce = await loopDelayOf(() =>
  parseStatement('CAMT053', camtAtTheCap(), { defaultCurrency: 'THB', timeZone: '+07:00' }),
);
const camt = await measure('CAMT053', camtAtTheCap());
const hostile = await measure('CAMT053', emptyEntries());
if (csv.result.transactions.length !== MAX_STATEMENT_RECORDS - 1)
  throw new Error('the CSV was not read whole');
if (camt.result.transactions.length !== MAX_STATEMENT_RECORDS)
  throw new Error('the camt.053 was not read whole');
if (hostile.result.problems.length === 0) throw new Error('the hostile statement was taken');

report(
  'statements',
  {
    'CSV at the entry cap, bytes': csvAtTheCap().length,
    'CSV at the entry cap, read, ms': csv.meanMs,
    'CSV at the entry cap, longest loop delay, ms': csv.maxDelayMs,
    'camt.053 at the entry cap, bytes': camtAtTheCap().length,
    'camt.053 at the entry cap, read, ms': camt.meanMs,
    'camt.053 at the entry cap, longest loop delay, ms': camt.maxDelayMs,
    'camt.053 at the cap read in one go, loop delay, ms': camtAtOnce.maxDelayMs,
    'camt.053 of empty entries (5 MB), refused in, ms': hostile.meanMs,
    'camt.053 of empty entries, longest loop delay, ms': hostile.maxDelayMs,
  },
  [
    {
      name: 'CSV at the cap, longest loop delay, ms',
      value: csv.maxDelayMs,
      target: '≤ 50',
      pass: csv.maxDelayMs <= 50,
    },
    {
      name: 'camt.053 at the cap, longest loop delay, ms',
      value: camt.maxDelayMs,
      target: '≤ 50',
      pass: camt.maxDelayMs <= 50,
    },
    {
      name: '5 MB of empty entries, longest loop delay, ms',
      value: hostile.maxDelayMs,
      target: '≤ 50',
      pass: hostile.maxDelayMs <= 50,
    },
  ],
);
