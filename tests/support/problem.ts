import { expect } from 'vitest';
import type { ApiResponse } from './api-client';

/** Asserts an RFC 9457 problem response with our stable code, and that nothing internal leaks. */
export function expectProblem<T>(response: ApiResponse<T>, status: number, code: string): void {
  const body = response.body as Record<string, unknown>;
  expect({ status: response.status, code: body.code }).toEqual({ status, code });
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(body).toMatchObject({
    status,
    code,
    title: expect.any(String),
    detail: expect.any(String),
    type: expect.any(String),
  });
  expect(response.text).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(response.text).not.toContain('node_modules');
}

/** The field paths of a validation problem. */
export function fieldsOf(response: ApiResponse): string[] {
  return ((response.body.errors ?? []) as { field: string }[]).map((error) => error.field);
}
