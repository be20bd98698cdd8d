import { describe, expect, it } from 'vitest';
import {
  linkFormSchema,
  mappingToRemember,
  refundFormSchema,
  reviewBodyOf,
  reviewFieldOf,
  statementFormatOfForm,
  statementFormSchema,
} from './collection-forms';

const file = (name: string, size = 10) => ({ name, size }) as File;
const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('statementFormSchema', () => {
  it('takes a CSV with or without a time zone, the format from the extension', () => {
    const values = {
      account: 'kbank',
      file: [file('march.csv')],
      format: '' as const,
      timeZone: '+07:00',
      layout: 'saved',
      remember: false,
    };
    expect(statementFormSchema.safeParse(values).success).toBe(true);
    expect(statementFormatOfForm(values)).toBe('csv');
    expect(statementFormSchema.safeParse({ ...values, timeZone: '' }).success).toBe(true);
  });

  it('lets the merchant say the format', () => {
    const xml = {
      account: 'kbank',
      file: [file('march.xml')],
      format: '' as const,
      timeZone: '',
      layout: 'saved',
      remember: false,
    };
    expect(statementFormSchema.safeParse(xml).success).toBe(true);
    const txt = {
      account: 'kbank',
      file: [file('march.txt')],
      format: 'csv' as const,
      timeZone: '-03:00',
      layout: 'saved',
      remember: false,
    };
    expect(statementFormatOfForm(txt)).toBe('csv');
    expect(statementFormSchema.safeParse(txt).success).toBe(true);
  });

  it('names each missing or wrong field', () => {
    expect(
      messages(
        statementFormSchema.safeParse({
          account: '',
          file: [],
          format: '',
          timeZone: '',
          layout: 'saved',
          remember: false,
        }),
      ),
    ).toEqual(['account:account', 'file:file']);
    expect(
      messages(
        statementFormSchema.safeParse({
          account: 'a',
          file: [file('x.txt')],
          format: '',
          timeZone: '',
          layout: 'saved',
          remember: false,
        }),
      ),
    ).toEqual(['format:format']);
    expect(
      messages(
        statementFormSchema.safeParse({
          account: 'a',
          file: [file('x.csv')],
          format: '',
          timeZone: '7',
          layout: 'saved',
          remember: false,
        }),
      ),
    ).toEqual(['timeZone:timeZone']);
    expect(
      messages(
        statementFormSchema.safeParse({
          account: 'a',
          file: [file('x.xml', 5 * 1024 * 1024 + 1)],
          format: '',
          timeZone: '',
          layout: 'saved',
          remember: false,
        }),
      ),
    ).toEqual(['file:fileSize']);
  });
});

describe('the statement layout', () => {
  const values = {
    account: 'kbank',
    file: [file('march.csv')],
    format: '' as const,
    timeZone: '',
    layout: 'kbank-th',
    remember: true,
  };

  it('is the saved mapping, ours or a preset we have', () => {
    for (const layout of ['saved', 'generic', 'kbank-th', 'vcb-vn'])
      expect(statementFormSchema.safeParse({ ...values, layout }).success, layout).toBe(true);
    expect(statementFormSchema.safeParse({ ...values, layout: 'kbank' }).success).toBe(false);
  });

  it('is remembered for the account only when asked, for a CSV, and not when it is the saved one', () => {
    expect(mappingToRemember(values)).toEqual({ preset: 'kbank-th' });
    expect(mappingToRemember({ ...values, layout: 'generic' })).toEqual({ preset: 'generic' });
    expect(mappingToRemember({ ...values, remember: false })).toBeUndefined();
    expect(mappingToRemember({ ...values, layout: 'saved' })).toBeUndefined();
    expect(mappingToRemember({ ...values, file: [file('march.xml')] })).toBeUndefined();
  });
});

describe('review forms', () => {
  it('check the idPayin and the note length', () => {
    expect(linkFormSchema.safeParse({ idPayin: ' order-1 ', note: '' }).success).toBe(true);
    expect(messages(linkFormSchema.safeParse({ idPayin: '', note: '' }))).toEqual(['idPayin:required']);
    expect(messages(linkFormSchema.safeParse({ idPayin: 'a/b', note: '' }))).toEqual(['idPayin:idPayin']);
    expect(messages(refundFormSchema.safeParse({ note: 'x'.repeat(501) }))).toEqual(['note:tooLong']);
  });

  it('send the idPayin and a note only when there is one, never a made-up actor', () => {
    expect(reviewBodyOf({ idPayin: ' order-1 ', note: '  ' })).toEqual({ idPayin: 'order-1' });
    expect(reviewBodyOf({ note: ' KBANK-REF-1 ' })).toEqual({ note: 'KBANK-REF-1' });
    expect(reviewFieldOf('idPayin')).toBe('idPayin');
    expect(reviewFieldOf('by')).toBeUndefined();
  });
});
