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

/** RE2's syntax errors name the offending fragment; keep the message short and free of our anchoring. */
function describeSyntaxError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = /error parsing regexp: ([^:`]+)/.exec(message)?.[1]?.trim();
  if (reason === 'expression too large') return 'The path pattern is too complex.';
  return `The path is not a valid RE2 regular expression${reason ? ` (${reason})` : ''}; backreferences and lookaround are not supported.`;
}

/**
 * Compiles the path part of an operation as `^(?:pattern)$` in RE2 syntax. Matching is linear in
 * the path (no backtracking, so no ReDoS), and the pattern's size and branching are capped so the
 * constant stays small too (docs/decisions/016-linear-time-operations.md).
 */
export function compilePathPattern(source: string): PathPatternParse {
  const cached = cache.get(source);
  if (cached) return { ok: true, pattern: cached };
  if (source.length === 0 || /\s/.test(source))
    return { ok: false, reason: 'The path must be non-empty without spaces.' };
  if (source.length > MAX_PATTERN_LENGTH)
    return { ok: false, reason: `The path pattern is longer than ${MAX_PATTERN_LENGTH} characters.` };
  let compiled: RE2JS;
  try {
    // The bare pattern must parse on its own, so a ")" cannot close our anchoring group early.
    RE2JS.compile(source);
    compiled = RE2JS.compile(`^(?:${source})$`);
  } catch (error) {
    return { ok: false, reason: describeSyntaxError(error) };
  }
  if (compiled.programSize() > MAX_PATTERN_INSTRUCTIONS)
    return { ok: false, reason: 'The path pattern is too complex.' };
  const branches = branchPoints(compiled);
  if (branches > MAX_PATTERN_BRANCHES) {
    return {
      ok: false,
      reason:
        `The path pattern has ${branches} branch points (|, ?, *, + and optional repeats); at most ` +
        `${MAX_PATTERN_BRANCHES} are allowed.`,
    };
  }
  return {
    ok: true,
    pattern: remember({
      source,
      matches: (path) => path.length <= MAX_MATCHED_PATH_LENGTH && compiled.testExact(path),
    }),
  };
}
