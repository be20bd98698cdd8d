import 'server-only';

/** HTTP methods an operation may name; compared exactly (case-sensitive). */
export const OPERATION_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type OperationMethod = (typeof OPERATION_METHODS)[number];

export const MAX_OPERATIONS = 20;
export const MAX_PATTERN_LENGTH = 200;
/** Unbounded quantifiers in one pattern: `.*a.*b.*c` backtracks in O(n^k); paths are short, k stays small. */
const MAX_UNBOUNDED_QUANTIFIERS = 3;
/** Paths longer than this are never valid API paths and are not matched against patterns at all. */
export const MAX_MATCHED_PATH_LENGTH = 512;

export interface CompiledOperation {
  method: OperationMethod;
  regex: RegExp;
}

export type OperationParse =
  { ok: true; operation: CompiledOperation; source: string } | { ok: false; reason: string };

const METACHARACTERS = new Set(['.', '^', '$', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '\\']);

/**
 * Parses "METHOD path-regex" and compiles the regex fully anchored. Patterns that could backtrack
 * catastrophically are refused rather than run: backreferences, lookaround, a repeated group that
 * itself repeats or alternates, and more than a few unbounded quantifiers.
 */
export function parseOperation(text: string): OperationParse {
  const space = text.indexOf(' ');
  if (space <= 0) return { ok: false, reason: 'Use "METHOD path", e.g. "GET /payins/order-1".' };
  const method = text.slice(0, space);
  const pattern = text.slice(space + 1);
  if (!(OPERATION_METHODS as readonly string[]).includes(method)) {
    return {
      ok: false,
      reason: `Unknown HTTP method "${method}"; use one of ${OPERATION_METHODS.join(', ')}.`,
    };
  }
  if (pattern.length === 0 || /\s/.test(pattern))
    return { ok: false, reason: 'The path must be non-empty without spaces.' };
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return { ok: false, reason: `The path pattern is longer than ${MAX_PATTERN_LENGTH} characters.` };
  }
  const unsafe = findUnsafeConstruct(pattern);
  if (unsafe) return { ok: false, reason: unsafe };
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${pattern})$`);
  } catch {
    return { ok: false, reason: 'The path is not a valid regular expression.' };
  }
  return { ok: true, operation: { method: method as OperationMethod, regex }, source: text };
}

interface GroupFrame {
  repeats: boolean;
  alternates: boolean;
}

function findUnsafeConstruct(pattern: string): string | undefined {
  const stack: GroupFrame[] = [{ repeats: false, alternates: false }];
  let unbounded = 0;
  let lastClosed: GroupFrame | undefined;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    const closedHere = lastClosed;
    lastClosed = undefined;
    if (char === '\\') {
      const next = pattern[i + 1];
      if (next !== undefined && /[1-9k]/.test(next))
        return 'Backreferences are not allowed in operation patterns.';
      i++;
      continue;
    }
    if (char === '[') {
      // Skip the character class; a quantifier after it is a plain (safe) repetition.
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      continue;
    }
    if (char === '(') {
      if (/^\(\?<?[=!]/.test(pattern.slice(i)))
        return 'Lookahead and lookbehind are not allowed in operation patterns.';
      stack.push({ repeats: false, alternates: false });
      continue;
    }
    if (char === ')') {
      if (stack.length === 1) return 'Unbalanced parenthesis in the path pattern.';
      lastClosed = stack.pop();
      continue;
    }
    if (char === '|') {
      stack[stack.length - 1]!.alternates = true;
      continue;
    }
    const quantifier = readQuantifier(pattern, i);
    if (quantifier) {
      if (quantifier.repeats) {
        if (closedHere && (closedHere.repeats || closedHere.alternates)) {
          return 'Nested quantifiers (a repeated group that repeats or alternates) are not allowed.';
        }
        for (const frame of stack) frame.repeats = true;
      }
      if (quantifier.unbounded) unbounded++;
      if (unbounded > MAX_UNBOUNDED_QUANTIFIERS) {
        return `At most ${MAX_UNBOUNDED_QUANTIFIERS} unbounded quantifiers (*, +, {n,}) per pattern.`;
      }
      i += quantifier.length - 1;
      if (pattern[i + 1] === '?') i++; // lazy modifier
    }
  }
  if (stack.length !== 1) return 'Unbalanced parenthesis in the path pattern.';
  return undefined;
}

function readQuantifier(
  pattern: string,
  index: number,
): { length: number; repeats: boolean; unbounded: boolean } | undefined {
  const char = pattern[index];
  if (char === '*' || char === '+') return { length: 1, repeats: true, unbounded: true };
  if (char === '?') return { length: 1, repeats: false, unbounded: false };
  if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index));
    if (!match) return undefined;
    const max = match[2] === undefined ? Number(match[1]) : match[3] === '' ? Infinity : Number(match[3]);
    return { length: match[0].length, repeats: max > 1, unbounded: max === Infinity };
  }
  return undefined;
}

/** Whether any operation allows `method path`. */
export function operationsAllow(
  operations: readonly CompiledOperation[],
  method: string,
  path: string,
): boolean {
  if (path.length > MAX_MATCHED_PATH_LENGTH) return false;
  return operations.some((operation) => operation.method === method && operation.regex.test(path));
}

/** The literal path a pattern denotes when it has no unescaped metacharacter, else undefined. */
export function literalPath(pattern: string): string | undefined {
  let literal = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\') {
      const next = pattern[i + 1];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return undefined;
      literal += next;
      i++;
    } else if (METACHARACTERS.has(char)) {
      return undefined;
    } else {
      literal += char;
    }
  }
  return literal;
}

/** Escapes a literal path segment for use inside an operation pattern. */
export function escapePattern(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const PAYIN_PATH = /^\/(?:sandbox\/)?payins\/([^/]+)(?:\/.*)?$/;
const NON_PAYMENT_SEGMENTS = new Set(['!availablePaymentOptions']);

/**
 * The one payment a set of operations is confined to, if it is: every operation is a literal path,
 * and every literal that names a payin names the same one. Such a token is safe to hand to the
 * customer's browser and gets its own rate-limit bucket.
 */
export function derivePaymentScope(operationTexts: readonly string[]): string | undefined {
  let scope: string | undefined;
  for (const text of operationTexts) {
    const literal = literalPath(text.slice(text.indexOf(' ') + 1));
    if (literal === undefined) return undefined;
    const id = PAYIN_PATH.exec(literal)?.[1];
    if (id === undefined || NON_PAYMENT_SEGMENTS.has(id)) continue;
    if (scope !== undefined && scope !== id) return undefined;
    scope = id;
  }
  return scope;
}
