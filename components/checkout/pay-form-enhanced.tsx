'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useLayoutEffect, useMemo, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { FORM_ERRORS, isPageError } from '@/lib/checkout/page-errors';
import { customerDataSchema } from '@/lib/schemas/customer-data';
import type { CustomerField } from '@/lib/schemas/customer-fields';
import { QueryProvider } from '../live/query-provider';
import type { PayFormProps } from './pay-form-types';
import { PayFormView } from './pay-form-view';

type Values = Partial<Record<CustomerField, string>>;

interface FailureBody {
  message?: string;
  code?: string;
  fields?: string[];
  /** The page that shows this failure (the plain form's destination). */
  location?: string;
}

/** Our translated message for a zod issue of a field (the schemas speak English to the API). */
function messageFor(
  field: CustomerField,
  error: FieldErrors<Values>[CustomerField],
  props: PayFormProps,
): string | undefined {
  if (!error) return undefined;
  if (error.type === 'server') return error.message;
  const { messages } = props;
  if (error.type === 'too_big') return messages.tooLong;
  if (error.type === 'invalid_type' || error.type === 'too_small') return messages.required[field];
  if (field === 'emailAddress') return messages.email;
  if (field === 'phoneNumber') return messages.phone;
  return messages.required[field];
}

/**
 * Reads the plain form while it is still on screen (this runs while rendering its replacement):
 * the inputs' values, and the focused input with its selection so typing goes on where it was.
 */
function carryOverPlainForm(props: PayFormProps) {
  const values: Record<string, string> = {};
  for (const { field, value } of props.fields)
    values[field] = (document.getElementById(`field-${field}`) as HTMLInputElement | null)?.value ?? value;
  const focused = document.activeElement;
  const focus =
    focused instanceof HTMLInputElement && focused.id.startsWith('field-')
      ? { id: focused.id, start: focused.selectionStart, end: focused.selectionEnd }
      : undefined;
  return {
    values,
    restoreFocus() {
      if (!focus) return;
      const input = document.getElementById(focus.id);
      if (!(input instanceof HTMLInputElement)) return;
      input.focus();
      if (focus.start !== null && focus.end !== null) {
        try {
          input.setSelectionRange(focus.start, focus.end);
        } catch {
          // Some input types (email) have no selection API.
        }
      }
    },
  };
}

function EnhancedForm(props: PayFormProps) {
  const router = useRouter();
  const schema = useMemo(() => customerDataSchema(props.fields), [props.fields]);
  // The plain form was usable before this one loaded: what the customer typed there, and where the
  // cursor was, carry over instead of resetting to the page's values.
  const [carried] = useState(() => carryOverPlainForm(props));
  useLayoutEffect(() => carried.restoreFocus(), [carried]);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: carried.values,
  });
  const create = useMutation({
    mutationFn: async (values: Values) => {
      const response = await fetch(props.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...props.hidden, ...values }),
      });
      const body = (await response.json().catch(() => ({}))) as FailureBody;
      if (response.ok) return;
      const onForm = (body.fields ?? []).every((field) => props.fields.some((own) => own.field === field));
      // What the form cannot show (a given detail to correct, a link that cannot be paid) the page shows.
      if (body.location && (!isPageError(body.code) || !FORM_ERRORS.includes(body.code) || !onForm)) {
        router.push(body.location);
        return new Promise<never>(() => undefined);
      }
      for (const field of body.fields ?? [])
        form.setError(field as CustomerField, { type: 'server', message: body.message });
      throw new Error(body.message ?? props.messages.generic);
    },
    // The server renders the payment's screen now that it exists.
    onSuccess: () => router.refresh(),
  });

  // The server's reason for a refused value stays until the customer changes that value.
  const errors: Partial<Record<string, string>> = {};
  for (const { field, error } of props.fields) {
    errors[field] =
      messageFor(field, form.formState.errors[field], props) ??
      (form.formState.dirtyFields[field] ? undefined : error);
  }

  return (
    <PayFormView
      props={{ ...props, serverError: undefined }}
      errors={errors}
      formError={create.error?.message}
      pending={create.isPending || create.isSuccess}
      inputProps={(field) => form.register(field as CustomerField)}
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
    />
  );
}

export default function EnhancedPayForm(props: PayFormProps) {
  return (
    <QueryProvider>
      <EnhancedForm {...props} />
    </QueryProvider>
  );
}
