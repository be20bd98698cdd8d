import type { CustomerField } from '@/lib/schemas/customer-fields';

/** Everything the pay form needs, serialisable from the server component to the client island. */
export interface PayFormProps {
  /** The BFF endpoint that creates the payin (takes JSON or a plain form post). */
  action: string;
  /** Submitted as they are: the checkout parameters, the chosen option, data the customer may not edit. */
  hidden: Record<string, string>;
  /** Fields the customer fills in. */
  fields: {
    field: CustomerField;
    required: boolean;
    value: string;
    label: string;
    hint: string;
    optionalLabel: string;
    /** Why the value given (by the merchant's link, or on the last submit) was refused. */
    error?: string;
  }[];
  submitLabel: string;
  pendingLabel: string;
  messages: {
    required: Record<CustomerField, string>;
    email: string;
    phone: string;
    tooLong: string;
    generic: string;
  };
  /** An error from a previous plain form post. */
  serverError?: string | undefined;
}

export const INPUT_ATTRIBUTES: Record<
  CustomerField,
  { type: string; autoComplete: string; inputMode?: 'email' | 'tel' | 'numeric' | 'text' }
> = {
  emailAddress: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  phoneNumber: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  accountName: { type: 'text', autoComplete: 'name' },
  accountNumber: { type: 'text', autoComplete: 'off', inputMode: 'text' },
};
