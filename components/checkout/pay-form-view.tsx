import type { InputHTMLAttributes } from 'react';
import { INPUT_ATTRIBUTES, type PayFormProps } from './pay-form-types';

/**
 * The pay form's markup, shared by the plain form (works without JavaScript: a POST to the BFF)
 * and the enhanced one (validation as you go, submit without leaving the page), so the swap from
 * one to the other changes nothing on screen.
 */
export function PayFormView({
  props,
  errors = {},
  formError,
  pending = false,
  inputProps = () => ({}),
  onSubmit,
}: {
  props: PayFormProps;
  errors?: Partial<Record<string, string>>;
  formError?: string | undefined;
  pending?: boolean;
  inputProps?: (field: string) => InputHTMLAttributes<HTMLInputElement>;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const error = formError ?? props.serverError;
  return (
    <form
      method="post"
      action={props.action}
      noValidate={onSubmit !== undefined}
      onSubmit={onSubmit}
      aria-busy={pending}
    >
      {Object.entries(props.hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {props.fields.map(({ field, label, hint, required, value, optionalLabel, error: refused }) => {
        const id = `field-${field}`;
        const message = field in errors ? errors[field] : refused;
        return (
          <div className="field" key={field}>
            <label htmlFor={id}>
              {label}
              {!required && <span className="hint"> ({optionalLabel})</span>}
            </label>
            <input
              id={id}
              name={field}
              defaultValue={value}
              required={required}
              aria-invalid={message ? true : undefined}
              aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
              {...INPUT_ATTRIBUTES[field]}
              {...inputProps(field)}
            />
            <p className="hint" id={`${id}-hint`}>
              {hint}
            </p>
            {message && (
              <p className="error" id={`${id}-error`} data-testid={`error-${field}`}>
                {message}
              </p>
            )}
          </div>
        );
      })}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={pending} data-testid="pay-button">
        {pending && <span className="spinner" aria-hidden="true" />}
        {pending ? props.pendingLabel : props.submitLabel}
      </button>
    </form>
  );
}
