import { describe, expect, it } from 'vitest';
import { exportQuerySchema, negotiateFormat } from './export-request';

const issues = (query: Record<string, unknown>) =>
  exportQuerySchema.safeParse(query).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('exportQuerySchema', () => {
  it('takes a period of calendar days, a zone and a format', () => {
    expect(
      exportQuerySchema.parse({ from: '2024-01-01', to: '2024-12-31', timeZone: 'Asia/Bangkok' }),
    ).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
      timeZone: 'Asia/Bangkok',
    });
    expect(exportQuerySchema.parse({ from: '2026-03-01', to: '2026-03-01', format: 'jsonl' }).format).toBe(
      'jsonl',
    );
  });

  it('names each field that is wrong', () => {
    expect(issues({})).toEqual([
      ['from', 'Required: a date as YYYY-MM-DD.'],
      ['to', 'Required: a date as YYYY-MM-DD.'],
    ]);
    expect(issues({ from: '2026-02-30', to: '01/03/2026' })).toEqual([
      ['from', 'A date of the calendar, from 2000 on.'],
      ['to', 'A date as YYYY-MM-DD.'],
    ]);
    expect(
      issues({ from: '2026-03-01', to: '2026-03-02', timeZone: 'Mars/Olympus', format: 'xlsx' }),
    ).toEqual([
      ['timeZone', 'An IANA time zone, e.g. Asia/Bangkok.'],
      ['format', 'One of csv, jsonl.'],
    ]);
    expect(issues({ from: '2026-03-02', to: '2026-03-01' })).toEqual([['to', 'On or after from.']]);
  });

  it('covers at most 366 days', () => {
    expect(issues({ from: '2024-01-01', to: '2025-01-01' })).toEqual([
      ['to', 'At most 366 days from from, both included: export a longer period in parts.'],
    ]);
    expect(issues({ from: '2025-01-01', to: '2026-01-01' })).toBeUndefined();
  });
});

describe('negotiateFormat', () => {
  it('takes format first, then JSON Lines when Accept asks for it, else CSV', () => {
    expect(negotiateFormat('csv', 'application/jsonl')).toBe('csv');
    expect(negotiateFormat(undefined, 'application/x-ndjson')).toBe('jsonl');
    expect(negotiateFormat(undefined, 'text/csv, application/jsonl;q=0.5')).toBe('jsonl');
    expect(negotiateFormat(undefined, 'application/json')).toBe('csv');
    expect(negotiateFormat(undefined, undefined)).toBe('csv');
  });
});
