import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import {
  branchPoints,
  compilePathPattern,
  MAX_MATCHED_PATH_LENGTH,
  MAX_PATTERN_BRANCHES,
  MAX_PATTERN_INSTRUCTIONS,
  measurePattern,
  type PathPattern,
} from './path-pattern';

function compile(source: string): PathPattern {
  const parsed = compilePathPattern(source);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.pattern;
}

/** 2 kB paths built to make a backtracking engine explore every way of splitting them. */
const HOSTILE_PATHS = [
  'a'.repeat(2047) + '!',
  'a'.repeat(2048),
  `/payins/${'a'.repeat(2039)}!`,
  '/'.repeat(2048),
  'ab'.repeat(1024),
  `${'x'.repeat(2047)}y`,
];

function isSubsequence(needle: string, haystack: string): boolean {
  let at = 0;
  for (const char of haystack) if (char === needle[at]) at++;
  return at === needle.length;
}

describe('compilePathPattern', () => {
  it('anchors at both ends, whatever the pattern contains', () => {
    const pattern = compile('/payins/a|/merchant-info');
    expect(pattern.matches('/payins/a')).toBe(true);
    expect(pattern.matches('/merchant-info')).toBe(true);
    expect(pattern.matches('/payins/ab')).toBe(false);
    expect(pattern.matches('/x/merchant-info')).toBe(false);
    expect(compile('/payins/.*').matches('/payins/x/accounts')).toBe(true);
    expect(compile('/payins/[^/]+').matches('/payins/x/accounts')).toBe(false);
  });

  it('cannot be widened by closing the anchoring group from inside the pattern', () => {
    expect(compilePathPattern('/payins/a)|(.*').ok).toBe(false);
    expect(compilePathPattern('/payins/a)|(?:.*').ok).toBe(false);
  });

  // The families of catastrophic backtracking (OWASP ReDoS, Davis et al. "The impact of ReDoS"):
  // nested quantifiers, overlapping alternation, repeated groups of unbounded repeats, and what the
  // earlier filter let through: `[^]` (any character in JavaScript) and chains of bounded repeats.
  // Each with an equivalent that backtracks in linear time in V8, to check the answers.
  it.each([
    ['(a+)+', /^a+$/],
    ['(a|aa)*', /^a*$/],
    ['(a|a?)+', /^a*$/],
    ['(.*a){14}', /^(?:[^\n]*a)?$/],
    ['(a*)*b', /^a*b$/],
    ['(x+x+)+y', /^xx+y$/],
    ['(\\w+\\s?)*', /^[\w\s]*$/],
    ['((a+)+)+', /^a+$/],
    ['(((((.*)*)*)*)*)*x', /^[^\n]*x$/],
    [
      '.*a.*b.*c.*d.*e.*f',
      { test: (path: string) => /^[^\n]*f$/.test(path) && isSubsequence('abcdef', path) },
    ],
    ['/payins/(.*)+!', /^\/payins\/[^\n]*!$/],
  ] as const)('matches %s against hostile 2 kB paths with the right answer', (source, equivalent) => {
    const pattern = compile(source);
    for (const path of HOSTILE_PATHS) expect(pattern.matches(path)).toBe(equivalent.test(path));
  });

  it.each([
    ['[^](a+)+', /missing closing \]/],
    ['.{0,500}.{0,500}.{0,500}.{0,500}.{0,500}', /too complex|branch points/],
    ['.{0,40}', /branch points/],
    ['(.{0,1000}){1000}', /too complex|repeat/],
    ['(a)\\1', /backreferences/],
    ['(?=a).*', /lookaround/],
  ])('refuses %s before it can run', (source, reason) => {
    const parsed = compilePathPattern(source);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });

  it('counts branch points in the compiled RE2 program (re2js internals, pinned version)', () => {
    expect(branchPoints(RE2JS.compile('/payins/order-1'))).toBe(0);
    expect(branchPoints(RE2JS.compile('ab|cd'))).toBe(1);
    expect(branchPoints(RE2JS.compile('a*'))).toBe(1);
    expect(branchPoints(RE2JS.compile('a{0,5}'))).toBe(5);
    expect(compilePathPattern(`x{0,${MAX_PATTERN_BRANCHES}}`).ok).toBe(true);
    expect(compilePathPattern(`x{0,${MAX_PATTERN_BRANCHES + 1}}`).ok).toBe(false);
  });

  it('keeps long literal paths (no branches) acceptable', () => {
    const id = 'A'.repeat(64);
    expect(compile(`/sandbox/payins/${id}/!simulate`).matches(`/sandbox/payins/${id}/!simulate`)).toBe(true);
  });

  it('matches a literal path (escaped punctuation included) exactly as RE2 would, and nothing else', () => {
    const literal = compile('/payins/order\\.1\\+x');
    expect(literal.matches('/payins/order.1+x')).toBe(true);
    for (const other of ['/payins/orderX1+x', '/payins/order.1+x/', '/payins/order.1+xx', '/payins/order.1'])
      expect(literal.matches(other)).toBe(false);
    // Escapes RE2 reads as classes are not literals.
    expect(compile('/payins/\\d').matches('/payins/7')).toBe(true);
    expect(compile('/payins/\\d').matches('/payins/d')).toBe(false);
  });

  it('never matches paths longer than any API path can be', () => {
    const pattern = compile('.*');
    expect(pattern.matches('a'.repeat(MAX_MATCHED_PATH_LENGTH))).toBe(true);
    expect(pattern.matches('a'.repeat(MAX_MATCHED_PATH_LENGTH + 1))).toBe(false);
  });
});

describe('measurePattern', () => {
  const size = (source: string) => {
    const measured = measurePattern(source);
    if (!measured.ok) throw new Error(measured.reason);
    return measured.size;
  };

  it('weighs counted repeats by what they expand to, nested ones multiplied', () => {
    expect(size('/payins/order-1')).toBe(15);
    expect(size('a{1000}')).toBe(1000);
    expect(size('(a{30}){30}')).toBeGreaterThanOrEqual(900);
    expect(size('[0-9]{1,10}')).toBe(10);
    expect(size('\\p{Greek}{3}')).toBe(3);
    expect(size('\\Q{1000}\\E')).toBe(6);
  });

  it('refuses a pattern of counted repeats before RE2 compiles it', () => {
    // 23 alternatives of 1 000 repeats each, under the length cap: compiling it in full took seconds.
    const hostile = Array.from({ length: 23 }, (_, i) => `${String.fromCharCode(97 + i)}{1000}`).join('|');
    expect(hostile.length).toBeLessThanOrEqual(200);
    expect(size(`(?:${hostile})`)).toBeGreaterThan(MAX_PATTERN_INSTRUCTIONS);
    expect(compilePathPattern(`/p/(?:${hostile})`)).toEqual({
      ok: false,
      reason: 'The path pattern is too complex.',
    });
  });

  it('refuses groups and classes that do not close, or close what they did not open', () => {
    for (const source of ['/payins/a)|(.*', '(a', '[a-z', 'a)', '\\p{Greek'])
      expect(measurePattern(source).ok, source).toBe(false);
    for (const source of ['[)]', '[]a]', '\\)', '(?:a|b)', '[[:alpha:]]+', '\\Q)\\E'])
      expect(measurePattern(source).ok, source).toBe(true);
  });
});
