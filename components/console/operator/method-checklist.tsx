'use client';

import type { UseFormRegisterReturn } from 'react-hook-form';

/** The payment methods as checkboxes, codes as the API names them, in a fieldset of their own. */
export function MethodChecklist({
  id,
  legend,
  hint,
  error,
  methods,
  registration,
}: {
  id: string;
  legend: string;
  hint?: string | undefined;
  error?: string | undefined;
  methods: readonly string[];
  registration: UseFormRegisterReturn;
}) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="operator-methods" aria-describedby={described} data-testid={`${id}-methods`}>
      <legend>{legend}</legend>
      {hint && (
        <p className="console-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <ul>
        {methods.map((method) => (
          <li key={method}>
            <label>
              <input type="checkbox" value={method} {...registration} /> <code>{method}</code>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p className="scenario-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
