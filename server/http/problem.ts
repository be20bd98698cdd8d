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

export function problemBody(error: AppError, instance: string, requestId: string): ProblemBody {
  const { status, title } = ERRORS[error.code];
  return {
    type: `/api/reference#error-${error.code}`,
    title,
    status,
    detail: error.message,
    instance,
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
