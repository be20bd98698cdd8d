'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useMemo } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { customerDataSchema } from '@/lib/schemas/customer-data';
import type { CustomerField } from '@/lib/schemas/customer-fields';
import { QueryProvider } from '../live/query-provider';
import type { PayFormProps } from './pay-form-types';
import { PayFormView } from './pay-form-view';

type Values = Partial<Record<CustomerField, string>>;

/** Our translated message for a zod issue of a field (the schemas speak English to the API). */
function messageFor(
  field: CustomerField,
  error: FieldErrors<Values>[CustomerField],
  props: PayFormProps,
): string | undefined {
  if (!error) return undefined;
  const { messages } = props;
  if (error.type === 'too_big') return messages.tooLong;
  if (error.type === 'invalid_type' || error.type === 'too_small') return messages.required[field];
  if (field === 'emailAddress') return messages.email;
  if (field === 'phoneNumber') return messages.phone;
  return messages.required[field];
}

function EnhancedForm(props: PayFormProps) {
  const router = useRouter();
  const schema = useMemo(() => customerDataSchema(props.fields), [props.fields]);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: Object.fromEntries(props.fields.map((field) => [field.field, field.value])),
  });
  const create = useMutation({
    mutationFn: async (values: Values) => {
      const response = await fetch(props.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...props.hidden, ...values }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      if (!response.ok) throw new Error(body.message ?? props.messages.generic);
    },
    // The server renders the payment's screen now that it exists.
    onSuccess: () => router.refresh(),
  });

  const errors: Partial<Record<string, string>> = {};
  for (const { field } of props.fields)
    errors[field] = messageFor(field, form.formState.errors[field], props);

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
