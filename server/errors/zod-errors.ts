import type { z } from 'zod';
import { AppError, type FieldError } from './app-error';

/** Turns zod issues into field errors with dotted paths, prefixed with where the input came from. */
export function toFieldErrors(error: z.ZodError, prefix?: string): FieldError[] {
  const fieldOf = (path: readonly PropertyKey[]) =>
    [prefix, path.map(String).join('.')].filter(Boolean).join('.') || (prefix ?? '');
  return error.issues.flatMap((issue) =>
    // A field the schema does not take is named itself, so the caller sees which one to drop.
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ field: fieldOf([...issue.path, key]), message: 'Not a field here.' }))
      : [{ field: fieldOf(issue.path), message: issue.message }],
  );
}

/** Parses input with a schema or throws a 400 VALIDATION_FAILED carrying every field error. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = toFieldErrors(result.error, prefix);
  throw new AppError('VALIDATION_FAILED', `${errors.length} field(s) failed validation.`, { errors });
}
