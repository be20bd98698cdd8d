'use client';

import { useState } from 'react';
import { referenceProblem, type ReferenceProblem } from '@/lib/checkout/reference-input';

export interface ReferenceFormProps {
  /** The BFF endpoint that records the reference (a plain form post). */
  action: string;
  back: string;
  intro: string;
  label: string;
  submitLabel: string;
  /** The method's reference rule (a regular expression's source), as the API checks it. */
  pattern: string;
  messages: Record<ReferenceProblem, string>;
  /** Why the last reference sent was refused (the server's answer, in the page's language). */
  serverError: string | undefined;
}

/**
 * The external reference (UTR) form. Without JavaScript it posts as it is and the server's refusal
 * comes back in the page's language (the browser's own "Please match the requested format" never
 * shows: the form does not ask the browser to validate). With JavaScript the same words show under
 * the field before anything is sent: on leaving the field, on submit, and cleared as soon as the
 * value is right.
 */
export function ReferenceForm(props: ReferenceFormProps) {
  const [problem, setProblem] = useState<ReferenceProblem | undefined>(undefined);
  const [serverShown, setServerShown] = useState(props.serverError !== undefined);
  const message = problem ? props.messages[problem] : serverShown ? props.serverError : undefined;
  return (
    <form
      method="post"
      action={props.action}
      noValidate
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem('reference');
        if (!(input instanceof HTMLInputElement)) return;
        const found = referenceProblem(input.value, props.pattern);
        if (!found) return;
        event.preventDefault();
        setServerShown(false);
        setProblem(found);
        input.focus();
      }}
    >
      <input type="hidden" name="back" value={props.back} />
      <p>{props.intro}</p>
      <div className="field">
        <label htmlFor="reference">{props.label}</label>
        <input
          id="reference"
          name="reference"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          required
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'reference-error' : undefined}
          onBlur={(event) => {
            if (event.currentTarget.value.trim() === '') return;
            setServerShown(false);
            setProblem(referenceProblem(event.currentTarget.value, props.pattern));
          }}
          onChange={(event) => {
            if (problem) setProblem(referenceProblem(event.currentTarget.value, props.pattern));
          }}
        />
        {message && (
          <p
            className="error"
            id="reference-error"
            data-testid="reference-error"
            role={serverShown && !problem ? 'alert' : undefined}
          >
            {message}
          </p>
        )}
      </div>
      <button type="submit" className="button">
        {props.submitLabel}
      </button>
    </form>
  );
}
