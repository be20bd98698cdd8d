'use client';

import { problemOf, type ApiProblem } from '@/lib/console/scenario';
import { ConsoleRequestError } from './console-fetch';
import { ProblemBox } from './scenarios/problem-box';

/**
 * Why a request of the console's browser code failed: the API's problem as it answered it, or
 * (status 0, no field errors) the reason it got no answer.
 */
export function requestProblemOf(error: Error): ApiProblem {
  return error instanceof ConsoleRequestError
    ? problemOf(error.status, error.problem)
    : problemOf(0, { detail: error.message });
}

/** A form's failed request, once it failed: the problem as ProblemBox shows it; nothing before. */
export function RequestProblem({
  error,
  title,
  testId,
}: {
  error: Error | null;
  title: string;
  testId: string;
}) {
  return error ? <ProblemBox title={title} testId={testId} problem={requestProblemOf(error)} /> : null;
}
