import 'server-only';
import { RE2JS } from 're2js';

/** Longest pattern text an operation may carry. */
export const MAX_PATTERN_LENGTH = 200;
/**
 * Branch points (each `|`, `?`, `*`, `+`, and every optional step of a bounded repeat `{n,m}`) one
 * pattern may compile to. RE2 matches in time linear in the input, but the constant is the number of
 * threads alive at once, which only branches create: `.{0,500}` five times is 2 500 of them and took
 * 344 ms on a 2 kB path. 16 keeps the first match of a hostile 2 kB path, compile included, near half
 * a millisecond (`npm run bench`, tokens.bench.ts; 24 measured 0.9 ms, too close to the 1 ms target)
 * while leaving room for real patterns such as `(order|refund)-[0-9]{1,10}`; `[^/]+` says "one
 * segment" with a single branch.
 */
export const MAX_PATTERN_BRANCHES = 16;
/** Instructions one compiled pattern may have (compile time and memory; literal paths stay far below). */
export const MAX_PATTERN_INSTRUCTIONS = 600;
/** Paths longer than this are never matched (no API path comes close); matching stays bounded. */
export const MAX_MATCHED_PATH_LENGTH = 2048;

/** A compiled, fully anchored path pattern, matched in linear time by RE2 (re2js). */
export interface PathPattern {
  readonly source: string;
  matches(path: string): boolean;
}

export type PathPatternParse = { ok: true; pattern: PathPattern } | { ok: false; reason: string };

/**
 * re2js keeps its compiled program on an internal property; it is read only to count branch points.
 * The version is pinned in package.json and path-pattern.test.ts fails if the shape ever changes.
 */
interface Re2Program {
  numInst(): number;
  getInst(pc: number): { op: number };
}
const RE2_ALT = 1;
const RE2_ALT_MATCH = 2;

export function branchPoints(compiled: RE2JS): number {
  const program = (compiled as unknown as { re2Input?: { prog?: Re2Program } }).re2Input?.prog;
  if (!program) throw new Error('re2js changed its internals: cannot measure pattern complexity');
  let branches = 0;
  for (let pc = 0; pc < program.numInst(); pc++) {
    const { op } = program.getInst(pc);
    if (op === RE2_ALT || op === RE2_ALT_MATCH) branches++;
  }
  return branches;
}

/** Compiled patterns by source text: tokens minted with the same operations share one matcher (and its DFA cache). */
const cache = new Map<string, PathPattern>();
const CACHE_LIMIT = 1000;

function remember(pattern: PathPattern): PathPattern {
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(pattern.source, pattern);
  return pattern;
}

/**
 * The path a pattern matches when it is a literal: no unescaped metacharacter, and escapes only of
 * ASCII punctuation (as RE2 takes them); else undefined.
 */
function literalOf(source: string): string | undefined {
  if (!/^(?:[^.^$*+?()[\]{}|\\]|\\[!-/:-@[-`{-~])*$/.test(source)) return undefined;
  return source.replace(/\\(.)/g, '$1');
}

/** A syntax refusal, in RE2's words for what is wrong. */
function syntaxProblem(reason: string | undefined): string {
  return `The path is not a valid RE2 regular expression${reason ? ` (${reason})` : ''}; backreferences and lookaround are not supported.`;
}

/** RE2's syntax errors name the offending fragment; keep the message short and free of our anchoring. */
function describeSyntaxError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = /error parsing regexp: ([^:`]+)/.exec(message)?.[1]?.trim();
  if (reason === 'expression too large') return 'The path pattern is too complex.';
  return syntaxProblem(reason);
}

/**
 * What a pattern will cost, read from its text before RE2 compiles anything: the instructions its
 * counted repeats expand to (`a{1000}` is a thousand, `(a{30}){30}` nine hundred), which is what makes
 * compiling slow, and whether its groups and classes close, so the anchoring group cannot be closed
 * from inside. An estimate from below of RE2's program size; the compiled program is measured too.
 */
export function measurePattern(source: string): { ok: true; size: number } | { ok: false; reason: string } {
  const unbalanced = (what: string) => ({ ok: false, reason: syntaxProblem(what) }) as const;
  // One frame per open group: its size so far and the size of its last atom (what a quantifier repeats).
  const frames: { total: number; last: number }[] = [{ total: 0, last: 0 }];
  const atom = (weight: number) => {
    const frame = frames[frames.length - 1]!;
    frame.total += weight;
    frame.last = weight;
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === '\\') {
      const next = source[i + 1];
      if (next === 'Q') {
        // \Q…\E quotes literally.
        const end = source.indexOf('\\E', i + 2);
        const stop = end === -1 ? source.length : end;
        for (let j = i + 2; j < stop; j++) atom(1);
        i = end === -1 ? source.length : end + 1;
        continue;
      }
      if ((next === 'p' || next === 'P' || next === 'x') && source[i + 2] === '{') {
        const end = source.indexOf('}', i + 3);
        if (end === -1) return unbalanced('missing closing }');
        i = end;
      } else i++;
      atom(1);
    } else if (char === '[') {
      let j = i + 1;
      if (source[j] === '^') j++;
      if (source[j] === ']') j++;
      for (; j < source.length && source[j] !== ']'; j++) {
        if (source[j] === '\\') j++;
        else if (source[j] === '[' && source[j + 1] === ':') {
          const end = source.indexOf(':]', j + 2);
          if (end !== -1) j = end + 1;
        }
      }
      if (j >= source.length) return unbalanced('missing closing ]');
      i = j;
      atom(1);
    } else if (char === '(') {
      frames.push({ total: 0, last: 0 });
    } else if (char === ')') {
      if (frames.length === 1) return unbalanced('unexpected )');
      atom(frames.pop()!.total + 1);
    } else if (char === '{') {
      const repeat = /^\{(\d{1,4})(,(\d{0,4}))?\}/.exec(source.slice(i, i + 12));
      if (!repeat) {
        atom(1);
        continue;
      }
      const bound = Math.max(Number(repeat[1]), repeat[3] ? Number(repeat[3]) : 0, 1);
      const frame = frames[frames.length - 1]!;
      frame.total += frame.last * (bound - 1);
      frame.last *= bound;
      i += repeat[0].length - 1;
    } else if (char !== '|' && char !== '*' && char !== '+' && char !== '?') {
      atom(1);
    }
  }
  if (frames.length !== 1) return unbalanced('missing closing )');
  return { ok: true, size: frames[0]!.total };
}

/** Refusals by pattern text: a hostile request sent again is refused without being read again. */
const refused = new Map<string, string>();

function refuse(source: string, reason: string): PathPatternParse {
  if (refused.size >= CACHE_LIMIT) refused.delete(refused.keys().next().value!);
  refused.set(source, reason);
  return { ok: false, reason };
}

/**
 * Compiles the path part of an operation as `^(?:pattern)$` in RE2 syntax. Matching is linear in
 * the path (no backtracking, so no ReDoS), and the pattern's size and branching are capped so the
 * constant stays small too (docs/decisions/016-linear-time-operations.md). The pattern is measured
 * before it is compiled, and only its anchored form is compiled (the measure has checked that its
 * groups close), so no request pays for a pattern it is then refused.
 */
export function compilePathPattern(source: string): PathPatternParse {
  const cached = cache.get(source);
  if (cached) return { ok: true, pattern: cached };
  const known = refused.get(source);
  if (known !== undefined) return { ok: false, reason: known };
  if (source.length === 0 || /\s/.test(source))
    return refuse(source, 'The path must be non-empty without spaces.');
  if (source.length > MAX_PATTERN_LENGTH)
    return refuse(source, `The path pattern is longer than ${MAX_PATTERN_LENGTH} characters.`);
  const measured = measurePattern(source);
  if (!measured.ok) return refuse(source, measured.reason);
  if (measured.size > MAX_PATTERN_INSTRUCTIONS) return refuse(source, 'The path pattern is too complex.');
  // A literal path (one payment's operations, the flow tokens of every payment link) needs no RE2
  // program: string equality says the same, and a compiled program held by every cached grant of
  // such a token costs ~25 KB (docs/decisions/050).
  const literal = literalOf(source);
  if (literal !== undefined)
    return { ok: true, pattern: remember({ source, matches: (path) => path === literal }) };
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(`^(?:${source})$`);
  } catch (error) {
    return refuse(source, describeSyntaxError(error));
  }
  if (compiled.programSize() > MAX_PATTERN_INSTRUCTIONS)
    return refuse(source, 'The path pattern is too complex.');
  const branches = branchPoints(compiled);
  if (branches > MAX_PATTERN_BRANCHES) {
    return refuse(
      source,
      `The path pattern has ${branches} branch points (|, ?, *, + and optional repeats); at most ` +
        `${MAX_PATTERN_BRANCHES} are allowed.`,
    );
  }
  return {
    ok: true,
    pattern: remember({
      source,
      matches: (path) => path.length <= MAX_MATCHED_PATH_LENGTH && compiled.testExact(path),
    }),
  };
}
