import type { z } from 'zod';
import { AppError, type FieldError } from './app-error';

/** Turns zod issues into field errors with dotted paths, prefixed with where the input came from. */
export function toFieldErrors(error: z.ZodError, prefix?: string): FieldError[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return { field: [prefix, path].filter(Boolean).join('.') || (prefix ?? ''), message: issue.message };
  });
}

/** Parses input with a schema or throws a 400 VALIDATION_FAILED carrying every field error. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = toFieldErrors(result.error, prefix);
  throw new AppError('VALIDATION_FAILED', `${errors.length} field(s) failed validation.`, { errors });
}
