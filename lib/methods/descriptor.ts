import type { CurrencyCode } from '../money/currencies';
import type { CustomerFieldRules } from '../schemas/customer-fields';

/**
 * What a payment method IS, in one typed descriptor per method (lib/methods/descriptors/): the
 * catalogue, the request rules, the OpenAPI schemas, the page's plan and the server's adapter
 * registry are all derived from these (docs/decisions/029-floors-and-method-descriptors.md). What a
 * method DOES (its operators, its response, the account the money came from) is its server adapter.
 * Isomorphic: plain data and pure functions the browser may see.
 */

/** How the customer completes a payment (docs: architecture guide, "Completion kinds"). */
export const COMPLETION_KINDS = [
  'redirect',
  'instructions',
  'qr',
  'deeplink',
  'push',
  'external-reference',
] as const;
export type CompletionKind = (typeof COMPLETION_KINDS)[number];

const MINUTE_MS = 60 * 1000;

/**
 * How long a payin stays open, by how the customer pays (docs/decisions/012-payment-methods.md):
 * a QR is scanned at once; a redirect or push is answered within the session; a crypto transfer
 * needs block confirmations; a bank transfer or virtual account waits for the customer's bank.
 */
export const VALIDITY_MS = {
  qr: 15 * MINUTE_MS,
  redirect: 30 * MINUTE_MS,
  push: 30 * MINUTE_MS,
  crypto: 60 * MINUTE_MS,
  transfer: 24 * 60 * MINUTE_MS,
} as const;
export type Validity = keyof typeof VALIDITY_MS;

/** The longest any payin stays open: how long a customer's page may have to live after it is created. */
export const LONGEST_VALIDITY_MS = Math.max(...Object.values(VALIDITY_MS));

/**
 * The kinds of collection account a live merchant's customers pay into (docs/decisions/028): a bank
 * account, or a scheme's merchant identity (PromptPay ID, DuitNow, VietQR, QRIS, QR Ph, UPI ID), or
 * crypto addresses. The server's accounts module holds their coordinates and rules.
 */
export const COLLECTION_ACCOUNT_TYPES = [
  'BANK_ACCOUNT',
  'PROMPTPAY',
  'DUITNOW',
  'VIETQR',
  'QRIS',
  'QRPH',
  'UPI',
  'CRYPTO',
] as const;
export type CollectionAccountType = (typeof COLLECTION_ACCOUNT_TYPES)[number];

/**
 * The account a payin of a method needs: its type, in the payin's currency, and where the method's
 * operator is the institution holding the money (OFFLINE's bank, CRYPTO_OFFLINE's network, QRMY's
 * acquirer, QRIN's PSP), held there.
 */
export interface AccountNeed {
  type: CollectionAccountType;
  operator?: string | undefined;
}

/**
 * How live payins of a method are collected (docs/decisions/028): into one of the merchant's
 * configured accounts, or through a processor connector (redirects, pushes, issued virtual accounts).
 */
export type MethodCollection =
  | { by: 'account'; need(currency: CurrencyCode, operatorCode: string | undefined): AccountNeed }
  | { by: 'connector' };

/** The exact form of a customer's reference of the payment they made (the UTR), as one rule. */
export interface ReferenceRule {
  pattern: RegExp;
  /** Its length, where it is fixed: the page's input takes exactly so many characters. */
  length?: number;
  /** What the rule says, as a refusal says it. */
  description: string;
}

/** A request object of the specification a method takes; P2A_V2 has two, chosen by the operator. */
export interface RequestVariant {
  requestObject: string;
  /** What the request object is, for the OpenAPI document. */
  description: string;
  /** Whether paymentOperatorCode selects this object (undefined: the method's only object). */
  selects?: (operatorCode: string | undefined) => boolean;
  /** Whether the object requires paymentOperatorCode. */
  operatorRequired?: boolean;
}

type PerRequest<T> = (currency: CurrencyCode, operatorCode: string | undefined) => T;

export interface MethodDescriptor<Code extends string = string> {
  readonly code: Code;
  /** English display name; pages translate it by `messagesKey`. */
  readonly name: string;
  /** The method's name in the messages catalogues. */
  readonly messagesKey: `methods.${Code}`;
  /** Exactly the currencies the specification lists for the method. */
  readonly currencies: readonly CurrencyCode[];
  /** The specification's request data object; its response object is `<requestObject>Response`. */
  readonly requestObject: string;
  /** The request objects, each with what selects it; one unless an operator selects a variant. */
  readonly requestVariants: readonly RequestVariant[];
  /**
   * Whose institution the payment operator is. `customer`: the customer's own bank, wallet, mobile
   * network or crypto network, where they log in, approve or send from; the customer picks it.
   * `service`: where the money is collected (our bank account, the QR acquirer); the service assigns
   * it and the customer is never asked (docs/decisions/023-hosted-payment-flows.md).
   */
  readonly operatorChosenBy: 'customer' | 'service';
  /** Whether a request without paymentOperatorCode gets the default (first) operator in its response. */
  readonly assignsDefaultOperator: boolean;
  /** How long a new payin stays open. */
  readonly validity: Validity;
  /** The customer pays a per-payin unique amount (moneyRequired) so a transfer can be matched. */
  readonly uniqueAmount: boolean;
  /** Whether the response carries `accountCustomer`, the account funds are expected from. */
  readonly reportsAccountCustomer: boolean;
  /** The screen the customer completes the payment on. */
  readonly completion: PerRequest<CompletionKind>;
  /** Which customer data the request needs (the specification's method-dependent request rules). */
  readonly customerFields: PerRequest<CustomerFieldRules>;
  /** Whether an optional phone is still checked as a domestic mobile (the specification validates it). */
  readonly validatesPhone: boolean;
  /** The customer's external reference: required before success or not, and its exact form. */
  readonly externalReference: { required: boolean; rule: ReferenceRule } | undefined;
  /** Whether the request's productId is kept and echoed (it belongs to this method's object only). */
  readonly takesProductId: boolean;
  /** The currencies whose responses carry an EMVCo QR of the amount (tag 54 holds 13 characters). */
  readonly emvQrCurrencies: readonly CurrencyCode[];
  /** How live payins are collected: into a configured account, or through a processor connector. */
  readonly collection: MethodCollection;
  /**
   * The response properties of this method beyond the common ones: always there, or sometimes. The
   * operator, moneyRequired and accountCustomer follow from the facts above.
   */
  readonly response: { readonly required: readonly string[]; readonly optional: readonly string[] };
}

/** A descriptor as written: what most methods share may be left out (see `defineMethod`). */
export type MethodDescriptorInput<Code extends string> = Omit<
  MethodDescriptor<Code>,
  | 'messagesKey'
  | 'requestVariants'
  | 'assignsDefaultOperator'
  | 'uniqueAmount'
  | 'reportsAccountCustomer'
  | 'completion'
  | 'customerFields'
  | 'validatesPhone'
  | 'externalReference'
  | 'takesProductId'
  | 'emvQrCurrencies'
  | 'response'
> & {
  requestVariants?: readonly RequestVariant[];
  assignsDefaultOperator?: boolean;
  uniqueAmount?: boolean;
  reportsAccountCustomer?: boolean;
  /** One kind, or the kind per currency and operator. */
  completion: CompletionKind | PerRequest<CompletionKind>;
  /** One set of rules, or the rules per currency and operator. */
  customerFields: CustomerFieldRules | PerRequest<CustomerFieldRules>;
  validatesPhone?: boolean;
  externalReference?: { required: boolean; rule: ReferenceRule };
  takesProductId?: boolean;
  emvQrCurrencies?: readonly CurrencyCode[];
  response: { required: readonly string[]; optional?: readonly string[] };
};

/**
 * A method's descriptor with the defaults most methods share: no default operator, no unique amount,
 * no accountCustomer, no external reference, no productId, no EMVCo QR, one request object.
 */
export function defineMethod<const Code extends string>(
  input: MethodDescriptorInput<Code>,
): MethodDescriptor<Code> {
  const { completion, customerFields } = input;
  return {
    ...input,
    messagesKey: `methods.${input.code}`,
    requestVariants: input.requestVariants ?? [
      {
        requestObject: input.requestObject,
        description: `${input.name} (${input.code}): ${input.currencies.join(', ')}.`,
      },
    ],
    assignsDefaultOperator: input.assignsDefaultOperator ?? false,
    uniqueAmount: input.uniqueAmount ?? false,
    reportsAccountCustomer: input.reportsAccountCustomer ?? false,
    completion: typeof completion === 'function' ? completion : () => completion,
    customerFields: typeof customerFields === 'function' ? customerFields : () => customerFields,
    validatesPhone: input.validatesPhone ?? false,
    externalReference: input.externalReference,
    takesProductId: input.takesProductId ?? false,
    emvQrCurrencies: input.emvQrCurrencies ?? [],
    response: { required: input.response.required, optional: input.response.optional ?? [] },
  };
}
