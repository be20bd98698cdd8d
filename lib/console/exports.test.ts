import { describe, expect, it } from 'vitest';
import { defaultExportForm, exportApiQuery, exportDownloadHref, parseExportForm, todayIn } from './exports';

describe('the console export form', () => {
  it('takes a kind, a period of days and a format', () => {
    expect(
      parseExportForm({ kind: 'ledger', from: '2026-03-01', to: '2026-03-31', format: 'jsonl' }),
    ).toEqual({
      form: { kind: 'ledger', from: '2026-03-01', to: '2026-03-31', format: 'jsonl' },
    });
    expect(parseExportForm({ kind: 'payins', from: '2026-03-01', to: '2026-03-01' })).toEqual({
      form: { kind: 'payins', from: '2026-03-01', to: '2026-03-01', format: 'csv' },
    });
  });

  it('says what is wrong, as the API would', () => {
    expect(parseExportForm({ kind: 'merchants', from: '2026-03-01', to: '2026-03-01' })).toEqual({
      problem: 'kind',
    });
    expect(parseExportForm({ kind: 'payins', from: '2026-03-01', to: '2026-03-01', format: 'xlsx' })).toEqual(
      {
        problem: 'kind',
      },
    );
    expect(parseExportForm({ kind: 'payins', from: '2026-02-30', to: '2026-03-01' })).toEqual({
      problem: 'date',
    });
    expect(parseExportForm({ kind: 'payins', from: '2026-03-02', to: '2026-03-01' })).toEqual({
      problem: 'order',
    });
    expect(parseExportForm({ kind: 'payins', from: '2025-01-01', to: '2026-01-02' })).toEqual({
      problem: 'length',
    });
    expect(parseExportForm({ kind: ['payins', 'ledger'], from: '2026-03-01', to: '2026-03-01' })).toEqual({
      problem: 'kind',
    });
  });

  it('starts at this month so far in the merchant’s zone, and builds its links', () => {
    expect(todayIn('Asia/Bangkok', new Date('2026-02-28T17:30:00Z'))).toBe('2026-03-01');
    expect(todayIn('UTC', new Date('2026-02-28T17:30:00Z'))).toBe('2026-02-28');
    const form = defaultExportForm('2026-03-17');
    expect(form).toEqual({ kind: 'settlement-report', from: '2026-03-01', to: '2026-03-17', format: 'csv' });
    expect(exportDownloadHref(form)).toBe(
      '/console/exports/download?kind=settlement-report&from=2026-03-01&to=2026-03-17&format=csv',
    );
    expect(exportApiQuery(form)).toBe('from=2026-03-01&to=2026-03-17&format=csv');
  });
});
