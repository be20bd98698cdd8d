import { MAX_STATEMENT_RECORDS } from './record-checks';
import type { Steps } from './steps';

// How an ISO 20022 camt document is taken apart before it is parsed: its entries cut out by their tags
// (so the document around them parses at once and each entry between turns of the loop), and line
// numbers for problems.

const ENTRY_START = /<((?:[A-Za-z_][\w.-]*:)?)Ntry(?=[\s/>])/g;

/**
 * The entries' exact sources, cut out of the document by their tags (entries do not nest), and the
 * document with one empty element in place of each run of entries (`<Ntry i="first" n="count"/>`),
 * so the document around them parses in no time; at most MAX_STATEMENT_RECORDS entries, counted
 * before any is cut. Yields after each entry.
 */
export function* cutEntries(
  xml: string,
): Steps<
  { skeleton: string; entries: { start: number; text: string }[] } | { tooMany: true } | { unclosed: number }
> {
  const starts: { start: number; prefix: string }[] = [];
  for (const match of xml.matchAll(ENTRY_START)) {
    if (starts.length === MAX_STATEMENT_RECORDS) return { tooMany: true };
    starts.push({ start: match.index, prefix: match[1] ?? '' });
  }
  const pieces: string[] = [];
  const entries: { start: number; text: string }[] = [];
  let run: { first: number; prefix: string } | undefined;
  const endRun = () => {
    if (run) pieces.push(`<${run.prefix}Ntry i="${run.first}" n="${entries.length - run.first}"/>`);
    run = undefined;
  };
  let from = 0;
  for (const { start, prefix } of starts) {
    yield;
    if (start < from) continue; // inside the previous entry's text (a comment, say): not an element
    const tagEnd = xml.indexOf('>', start);
    if (tagEnd === -1) return { unclosed: start };
    let end: number;
    if (xml[tagEnd - 1] === '/') end = tagEnd + 1;
    else {
      // The closing tag itself, not </NtryDtls>.
      const closing = new RegExp(`</${prefix.replace(/\./g, '\\.')}Ntry\\s*>`, 'g');
      closing.lastIndex = tagEnd;
      const close = closing.exec(xml);
      if (!close) return { unclosed: start };
      end = close.index + close[0].length;
    }
    const between = xml.slice(from, start);
    if (run && (prefix !== run.prefix || !/^\s*$/.test(between))) endRun();
    if (!run) {
      pieces.push(between);
      run = { first: entries.length, prefix };
    }
    entries.push({ start, text: xml.slice(start, end) });
    from = end;
  }
  endRun();
  pieces.push(xml.slice(from));
  return { skeleton: pieces.join(''), entries };
}

/** Line numbers of ascending offsets, counting each part of the text once. */
export function lineCounter(source: string): (offset: number) => number {
  let position = 0;
  let line = 1;
  return (offset) => {
    for (; position < offset; position++) if (source.charCodeAt(position) === 10) line++;
    return line;
  };
}
