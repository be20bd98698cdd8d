import { describe, expect, it } from 'vitest';
import { ZoneClock } from '@/lib/format/zone-clock';
import { tableWriter, type Column } from './table';

interface Row {
  name: string | undefined;
  amount: string;
  at: Date | undefined;
  paid: boolean;
}

const COLUMNS: readonly Column<Row>[] = [
  { name: 'name', cell: (row) => row.name },
  { name: 'amount', cell: (row) => row.amount },
  { name: 'createdAt', zoned: true, cell: (row) => row.at },
  { name: 'paid', cell: (row) => row.paid },
];
const clock = new ZoneClock('Asia/Bangkok');
const rows: Row[] = [
  { name: '=1+2', amount: '-12.50', at: new Date('2026-03-01T07:05:09Z'), paid: true },
  { name: undefined, amount: '1500.00', at: undefined, paid: false },
];

describe('tableWriter', () => {
  it('writes CSV with the zone in the header, times on its clock, formulas neutralised', () => {
    const csv = tableWriter(COLUMNS, 'csv', clock);
    expect(csv.head()).toBe('name,amount,createdAt (Asia/Bangkok),paid\r\n');
    expect(csv.rows(rows)).toBe("'=1+2,-12.50,2026-03-01T14:05:09+07:00,true\r\n" + ',1500.00,,false\r\n');
  });

  it('writes JSON Lines with every column, null where there is nothing, and text as it is', () => {
    const jsonl = tableWriter(COLUMNS, 'jsonl', clock);
    expect(jsonl.head()).toBe('');
    expect(
      jsonl
        .rows(rows)
        .split('\n')
        .slice(0, 2)
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      { name: '=1+2', amount: '-12.50', createdAt: '2026-03-01T14:05:09+07:00', paid: true },
      { name: null, amount: '1500.00', createdAt: null, paid: false },
    ]);
  });
});
