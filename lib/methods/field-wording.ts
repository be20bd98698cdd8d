import type { CustomerField } from '../schemas/customer-fields';
import type { MethodCode } from './catalogue';

/**
 * What a customer field is called on the pay form, where a method means something more specific than
 * the field's general name: the account a PromptPay payer pays from is their PromptPay ID (or the
 * bank account behind it), and a wallet's phone number is the one the wallet is registered to.
 * Keys under checkout.fields (label) and checkout.hints (hint) in messages/*.json.
 */
export const FIELD_LABELS = ['promptPayAccount', 'walletPhone'] as const;
export type FieldLabel = CustomerField | (typeof FIELD_LABELS)[number];
export type FieldHint = CustomerField | 'promptPayAccount';

export interface FieldWording {
  label: FieldLabel;
  hint: FieldHint;
  /** Messages ("Please enter your …") name the field by its label, not by its general name. */
  namedByLabel?: boolean;
}

const SPECIFIC: Partial<Record<MethodCode, Partial<Record<CustomerField, FieldWording>>>> = {
  QRTH: { accountNumber: { label: 'promptPayAccount', hint: 'promptPayAccount', namedByLabel: true } },
  EWALLET: { phoneNumber: { label: 'walletPhone', hint: 'phoneNumber' } },
  MOBILE_MONEY: { phoneNumber: { label: 'walletPhone', hint: 'phoneNumber' } },
};

/** The label and hint of a customer field on the pay form of a method. */
export function fieldWordingOf(method: MethodCode | undefined, field: CustomerField): FieldWording {
  return (method && SPECIFIC[method]?.[field]) ?? { label: field, hint: field };
}
