import type { CurrencyCode } from '@/lib/money';
import type { StatementField } from '@/lib/statements';
import type { CsvMapping } from './csv-mapping';
import { readLocalNumber, splitSign } from './local-values';
import { amountProblem, clip, readAmount } from './record-checks';

/** What a row's money columns say: a credit's amount, a debit (skipped), or why it cannot be read. */
export type MoneyRead =
  | { kind: 'credit'; amount: string }
  | { kind: 'debit' }
  | { kind: 'problem'; field: StatementField; message: string };

/** A cell the bank leaves empty, or fills with a dash. */
const isBlank = (text: string) => text === '' || text === '-' || text === '–';
/** 0.00, 0,00, 0: the other column of a credit/debit pair. */
const isZero = (text: string) => /\d/.test(text) && !/[1-9]/.test(text);

/**
 * A row's money by the mapping: a signed amount (its direction from the sign, a direction column or
 * a CR/DB suffix: "1,500,000.00 CR"), or a credit/debit pair where only a non-zero value says which
 * way the money went.
 */
export function readMappedMoney(
  cell: (field: StatementField) => string,
  mapping: CsvMapping,
  currency: CurrencyCode | undefined,
): MoneyRead {
  const amountOf = (text: string, field: StatementField): MoneyRead => {
    const { negative, unsigned } = splitSign(text);
    if (negative)
      return { kind: 'problem', field, message: `"${clip(text)}" is negative in a column of money in.` };
    return checkedAmount(unsigned, field, mapping, currency);
  };
  if (mapping.columns.amount) {
    let text = cell('amount');
    if (isBlank(text)) return { kind: 'problem', field: 'amount', message: 'No amount.' };
    let marker = cell('direction');
    const suffix = /\s+([A-Za-z]{1,7})$/.exec(text);
    if (marker === '' && suffix && directionOf(suffix[1]!, mapping)) {
      marker = suffix[1]!;
      text = text.slice(0, suffix.index);
    }
    if (marker === '') {
      const { negative, unsigned } = splitSign(text);
      return negative ? { kind: 'debit' } : checkedAmount(unsigned, 'amount', mapping, currency);
    }
    const direction = directionOf(marker, mapping);
    if (!direction)
      return {
        kind: 'problem',
        field: 'direction',
        message: `"${clip(marker)}" says neither money in (${mapping.markers.credit.join(', ')}) nor out (${mapping.markers.debit.join(', ')}).`,
      };
    return direction === 'debit' ? { kind: 'debit' } : amountOf(text, 'amount');
  }
  const credit = cell('credit');
  const debit = cell('debit');
  const creditGiven = !isBlank(credit) && !isZero(credit);
  const debitGiven = !isBlank(debit) && !isZero(debit);
  if (creditGiven && debitGiven)
    return { kind: 'problem', field: 'credit', message: 'Both a credit and a debit.' };
  if (debitGiven) return { kind: 'debit' };
  if (!creditGiven)
    return { kind: 'problem', field: 'credit', message: 'Neither a credit nor a debit amount.' };
  return amountOf(credit, 'credit');
}

function directionOf(marker: string, mapping: CsvMapping): 'credit' | 'debit' | undefined {
  const word = marker.trim().toUpperCase();
  if (mapping.markers.credit.includes(word)) return 'credit';
  if (mapping.markers.debit.includes(word)) return 'debit';
  return undefined;
}

/** The amount by the mapping's decimal separator (or told apart by position), within the currency's decimals. */
function checkedAmount(
  text: string,
  field: StatementField,
  mapping: CsvMapping,
  currency: CurrencyCode | undefined,
): MoneyRead {
  if (mapping.decimalSeparator === undefined) {
    const read = readAmount(text, currency, 'local');
    return read.ok
      ? { kind: 'credit', amount: read.amount }
      : { kind: 'problem', field, message: read.message };
  }
  const read = readLocalNumber(text, mapping.decimalSeparator);
  if (!read.ok) return { kind: 'problem', field, message: read.message };
  const problem = amountProblem(read.value, currency);
  return problem ? { kind: 'problem', field, message: problem } : { kind: 'credit', amount: read.value };
}
