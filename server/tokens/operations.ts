import 'server-only';
import { compilePathPattern, type PathPattern } from './path-pattern';

/** HTTP methods an operation may name; compared exactly (case-sensitive). */
export const OPERATION_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type OperationMethod = (typeof OPERATION_METHODS)[number];

export const MAX_OPERATIONS = 20;

export interface CompiledOperation {
  method: OperationMethod;
  path: PathPattern;
}

export type OperationParse =
  { ok: true; operation: CompiledOperation; source: string } | { ok: false; reason: string };

const METACHARACTERS = new Set(['.', '^', '$', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '\\']);

/**
 * Parses "METHOD path-pattern": the method compared exactly, the path an RE2 regular expression
 * matched against the whole path in linear time (server/tokens/path-pattern.ts).
 */
export function parseOperation(text: string): OperationParse {
  const space = text.indexOf(' ');
  if (space <= 0) return { ok: false, reason: 'Use "METHOD path", e.g. "GET /payins/order-1".' };
  const method = text.slice(0, space);
  if (!(OPERATION_METHODS as readonly string[]).includes(method)) {
    return {
      ok: false,
      reason: `Unknown HTTP method "${method}"; use one of ${OPERATION_METHODS.join(', ')}.`,
    };
  }
  const compiled = compilePathPattern(text.slice(space + 1));
  if (!compiled.ok) return compiled;
  return { ok: true, operation: { method: method as OperationMethod, path: compiled.pattern }, source: text };
}

/** Whether any operation allows `method path`. */
export function operationsAllow(
  operations: readonly CompiledOperation[],
  method: string,
  path: string,
): boolean {
  return operations.some((operation) => operation.method === method && operation.path.matches(path));
}

const REMEMBERED_ANSWERS = 16;

/**
 * operationsAllow, remembering its last answers for one token: a customer's page asks the same
 * few things again and again (its payin, its status), and the answer cannot change.
 */
export function rememberingMatcher(
  operations: readonly CompiledOperation[],
): (method: string, path: string) => boolean {
  const answers = new Map<string, boolean>();
  return (method, path) => {
    const key = `${method} ${path}`;
    const known = answers.get(key);
    if (known !== undefined) return known;
    const allowed = operationsAllow(operations, method, path);
    if (answers.size >= REMEMBERED_ANSWERS) answers.delete(answers.keys().next().value!);
    answers.set(key, allowed);
    return allowed;
  };
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
