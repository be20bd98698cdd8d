import type { CompletionKind, MethodCode, MethodCollection, MethodDescriptor } from '@/lib/methods';
import type { CurrencyCode, Money } from '@/lib/money';
import type { CollectionAccount } from '../accounts';

/** Customer data as given with the request (`paymentMethod` fields). */
export interface CustomerData {
  emailAddress?: string;
  phoneNumber?: string;
  accountName?: string;
  accountNumber?: string;
  productId?: string;
}

/** The spec's customer account record: all string fields, each present when known. */
export interface CustomerAccount {
  accountName?: string;
  accountNumber?: string;
  accountType?: string;
  bankCode?: string;
  bankName?: string;
  bankBranch?: string;
  bankCity?: string;
  bankProvince?: string;
}

/** What a method knows of the merchant: who the customer pays (the merchant's code and public name). */
export interface MethodMerchant {
  code: string;
  channelName: string;
}

/** What a method knows of a stored payment when it says where the money came from. */
export interface MethodPayment {
  merchantCode: string;
  idPayin: string;
  money: Money;
  operatorCode: string | undefined;
  customer: CustomerData;
}

/** A payment operator (bank, wallet, network) a method routes through: {code, name} in the API. */
export interface PaymentOperator {
  code: string;
  name: string;
  /** Local bank or institution code where the rail has one (never shown as the operator). */
  bankCode?: string;
}

/** The processor's answer: where to send the customer (redirect methods); push methods need none. */
export interface ConnectorStart {
  redirectTo?: string;
}

/** A payin about to be stored, as its method's adapter and processor connector both know it. */
export interface NewPayment {
  idPayin: string;
  merchant: MethodMerchant;
  money: Money;
  /** The unique amount to pay, for methods with `uniqueAmount`. */
  requiredMoney: Money | undefined;
  operator: PaymentOperator | undefined;
  customer: CustomerData;
  reference: string;
  expireAt: Date;
  /** This service's public address, for links into the hosted app. */
  publicUrl: string;
}

/** Everything an adapter may use to build its response; all of it is decided before the insert. */
export interface MethodResponseContext extends NewPayment {
  /**
   * The configured collection account the payin is payable to (and the address handed to it, for a
   * rotating crypto account). Live responses are built from it alone; it is undefined only for test
   * merchants without an account for the method, who get the sandbox's derived coordinates.
   */
  collection: { account: CollectionAccount; address?: string } | undefined;
  /**
   * What the processor connector answered when it started the payment (connector methods): where
   * redirect methods send the customer (`redirectTo`; in the sandbox the simulated institution's page,
   * which carries an unguessable session, so it is safe to hand out).
   */
  processor: ConnectorStart | undefined;
  isTest: boolean;
}

/**
 * The port every payment method implements (one small adapter per method, registered in
 * server/methods/registry.ts). The payin service owns the common response fields (idPayin,
 * paymentMethodCode, money, moneyRequired, expireAt, reference, returnUrl, paymentOperator, vat);
 * an adapter adds only what is specific to its method.
 */
export interface MethodAdapter {
  readonly code: MethodCode;
  /** What the method is (lib/methods/descriptors); the members below state its facts for the server. */
  readonly descriptor: MethodDescriptor;
  /** Exactly the currencies of the specification's table. */
  readonly currencies: readonly CurrencyCode[];
  /** Operators offered per currency; the first is the default when the request names none. */
  operators(currency: CurrencyCode): readonly PaymentOperator[];
  /** Whether a request without paymentOperatorCode gets the default operator in its response. */
  readonly assignsDefaultOperator: boolean;
  /** How long a new payin stays open. */
  validityMs(currency: CurrencyCode): number;
  /** The customer pays a per-payin unique amount (moneyRequired) so a transfer can be matched. */
  readonly uniqueAmount: boolean;
  /** External reference rules: required before success, and the exact form it must take. */
  readonly externalReference: { required: boolean; pattern: RegExp; description: string } | undefined;
  /**
   * Whether the response carries `accountCustomer`, the account funds are expected from (the
   * specification: Thai QR, Malaysian QR and VA Payment); the presenter fills it in.
   */
  readonly reportsAccountCustomer: boolean;
  /** How live payins are collected: into a configured account, or through a processor connector. */
  readonly collection: MethodCollection;
  /** The screen the customer completes the payment on. */
  completion(currency: CurrencyCode, operator: PaymentOperator | undefined): CompletionKind;
  /** Method-specific response fields (<MethodObject>Response beyond the common ones). */
  buildResponse(context: MethodResponseContext): Record<string, unknown>;
  /** The account the money came from, recorded when the payin succeeds (customerAccountProcess). */
  processAccount(payin: MethodPayment): CustomerAccount;
  /**
   * The parts of a stored response that name the amount to pay (a QR's tag 54, a UPI link's `am`, a
   * crypto amount and wallet link, a virtual account's steps), rewritten to ask for `amount`: what an
   * open payin asks for once part of its money arrived (the remainder). Absent when nothing in the
   * method's payload names the amount (a bank transfer's account and reference) or it cannot change
   * (a processor's page, a push already sent): the remainder is then said by process.moneyOutstanding
   * and the hosted page alone.
   */
  askFor?(response: Record<string, unknown>, amount: Money, payin: RemainderPayment): Record<string, unknown>;
}

/** What an adapter knows of a stored payin when it asks for the remainder. */
export interface RemainderPayment extends MethodPayment {
  expireAt: Date;
}
