'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { VALIDITY_MAX_SECS, VALIDITY_MIN_SECS } from '@/lib/console/scenario';

const ERROR_KEYS = new Set([
  'required',
  'amount',
  'currency',
  'tooLong',
  'idPayin',
  'url',
  'customerDataRequired',
  'methodRequired',
]);

/** A form error in words: the schema's messages are keys of `errors`; the API's own are shown as they are. */
export function useErrorText(): (error: FieldError | undefined) => string | undefined {
  const t = useTranslations('console.scenarios.errors');
  return (error) => {
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    if (error.message === 'validitySecs')
      return t('validitySecs', { min: VALIDITY_MIN_SECS, max: VALIDITY_MAX_SECS });
    return error.message && ERROR_KEYS.has(error.message) ? t(error.message) : t('invalid');
  };
}

/** A labelled control with its hint and error, tied to it for assistive technology. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="scenario-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p className="console-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="scenario-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes of a control with an optional hint and error (ids as Field writes them). */
export function describedBy(id: string, options: { hint?: boolean; error?: string | undefined }) {
  const ids = [options.hint && `${id}-hint`, options.error && `${id}-error`].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': options.error ? true : undefined };
}
