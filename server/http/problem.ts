import 'server-only';
import { type AppError, ERRORS, type ErrorCode, type FieldError } from '../errors';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** RFC 9457 problem details with our stable `code` and field `errors`. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: ErrorCode;
  errors?: readonly FieldError[];
  requestId: string;
}

const PATH_CHARACTER = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]$/;

/**
 * A request path as a valid URI reference for a problem's `instance` (RFC 9457, RFC 3986): characters
 * a path may hold stay, well-formed escapes stay, and anything else is percent-encoded as UTF-8, a
 * stray `%` included (`a%ZZb` becomes `a%25ZZb`), so a client can always parse what it is given.
 */
export function problemInstance(path: string): string {
  let encoded = '';
  for (let i = 0; i < path.length; i++) {
    const char = path[i]!;
    if (char === '%' && /^[0-9A-Fa-f]{2}$/.test(path.slice(i + 1, i + 3))) encoded += char;
    else if (PATH_CHARACTER.test(char)) encoded += char;
    else {
      const codePoint = path.codePointAt(i)!;
      const whole = String.fromCodePoint(codePoint);
      i += whole.length - 1;
      // A lone surrogate has no UTF-8 form: it stands as U+FFFD.
      encoded += encodeURIComponent(codePoint >= 0xd800 && codePoint <= 0xdfff ? '\uFFFD' : whole);
    }
  }
  return encoded.startsWith('/') ? encoded : `/${encoded}`;
}

export function problemBody(error: AppError, instance: string, requestId: string): ProblemBody {
  const { status, title } = ERRORS[error.code];
  return {
    type: `/api/reference#error-${error.code}`,
    title,
    status,
    detail: error.message,
    instance: problemInstance(instance),
    code: error.code,
    ...(error.errors.length > 0 && { errors: error.errors }),
    requestId,
  };
}

export function problemResponse(
  error: AppError,
  instance: string,
  requestId: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(problemBody(error, instance, requestId)), {
    status: error.status,
    headers: {
      'content-type': PROBLEM_CONTENT_TYPE,
      'cache-control': 'no-store',
      ...headers,
      ...error.headers,
    },
  });
}
