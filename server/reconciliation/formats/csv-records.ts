import type { RecordProblem } from '../incoming-transaction';
import { runToEnd, type Steps } from './steps';

/** One CSV record: its fields, the physical line it starts on, and its exact text (for `raw`). */
export interface CsvRecord {
  line: number;
  fields: string[];
  text: string;
}

export interface CsvLimits {
  /** Records past this many, the header included, are not read: one problem says so. */
  maxRecords: number;
  /** A longer record is refused on its own (a bank line is a few hundred characters). */
  maxRecordChars: number;
}

const LINE_BREAK = /\r\n|\r|\n/g;
const QUOTING = 'quote the whole field and double the quotes inside ("").';

/**
 * Splits CSV text into records per RFC 4180: comma-separated fields, fields in double quotes may
 * hold commas, line breaks and doubled quotes (""), records end at CRLF, LF or CR. Blank lines are
 * dropped. A stray quote spoils only its record; a quote never closed ends the reading, since
 * everything after it would be one field. A leading byte-order mark is the caller's to strip.
 */
export function readCsvRecords(text: string, limits: CsvLimits): CsvRead {
  return runToEnd(csvRecordSteps(text, limits));
}

export interface CsvRead {
  records: CsvRecord[];
  problems: RecordProblem[];
}

/** readCsvRecords in steps: it yields after each record (see steps.ts). */
export function* csvRecordSteps(text: string, limits: CsvLimits): Steps<CsvRead> {
  const records: CsvRecord[] = [];
  const problems: RecordProblem[] = [];
  let i = 0;
  let line = 1;
  let count = 0;
  while (i < text.length) {
    const start = i;
    const startLine = line;
    const fields: string[] = [];
    let error: RecordProblem | undefined;
    for (;;) {
      const column = `line ${startLine}, column ${fields.length + 1}`;
      let value = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          const close = text.indexOf('"', i);
          if (close === -1) {
            problems.push({ where: column, message: 'A quoted field starts here and is never closed.' });
            return { records, problems };
          }
          const chunk = text.slice(i, close);
          line += chunk.match(LINE_BREAK)?.length ?? 0;
          value += chunk;
          if (text[close + 1] !== '"') {
            i = close + 1;
            break;
          }
          value += '"';
          i = close + 2;
        }
        if (i < text.length && !isFieldEnd(text[i])) {
          error ??= { where: column, message: `Text follows the closing quote; ${QUOTING}` };
        }
      } else {
        const end = fieldEnd(text, i);
        value = text.slice(i, end);
        if (value.includes('"')) {
          error ??= { where: column, message: `A quote inside an unquoted field; ${QUOTING}` };
        }
        i = end;
      }
      fields.push(value);
      if (text[i] !== ',') break;
      i++;
    }
    // After a stray quote the rest of the physical line is unreliable: resume at the next one.
    if (error !== undefined) i = lineEnd(text, i);
    const end = i;
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    if (i > end) line++;

    if (fields.length === 1 && (fields[0] ?? '').trim() === '' && error === undefined) continue;
    // A refused record still counts towards the limit.
    yield;
    if (++count > limits.maxRecords) {
      problems.push({
        where: `line ${startLine}`,
        message: `More than ${(limits.maxRecords - 1).toLocaleString('en-US')} rows: split the statement into smaller files.`,
      });
      return { records, problems };
    }
    if (error !== undefined) problems.push(error);
    else if (end - start > limits.maxRecordChars) {
      problems.push({
        where: `line ${startLine}`,
        message: `The record is longer than ${limits.maxRecordChars} characters.`,
      });
    } else records.push({ line: startLine, fields, text: text.slice(start, end) });
  }
  return { records, problems };
}

function isFieldEnd(char: string | undefined): boolean {
  return char === ',' || char === '\r' || char === '\n';
}

function fieldEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && !isFieldEnd(text[i])) i++;
  return i;
}

function lineEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== '\r' && text[i] !== '\n') i++;
  return i;
}
