'use client';

import type { HTMLInputTypeAttribute } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, Field } from '../scenarios/field';

/** A labelled text input of an operator form, its hint and error tied to it. */
export function TextField({
  id,
  label,
  hint,
  error,
  registration,
  type = 'text',
  inputMode,
  autoComplete = 'off',
  maxLength,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  type?: HTMLInputTypeAttribute;
  inputMode?: 'text' | 'decimal' | 'numeric' | 'email';
  autoComplete?: string;
  maxLength?: number;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        spellCheck={false}
        maxLength={maxLength}
        {...registration}
        {...describedBy(id, { hint: hint !== undefined, error })}
      />
    </Field>
  );
}
