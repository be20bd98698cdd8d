import { customerFieldRules, METHODS, type MethodCode } from '../methods/catalogue';
import { CUSTOMER_FIELDS, type CustomerField } from '../schemas/customer-fields';
import type { CheckoutParams } from './params';

export interface PaymentOptionView {
  paymentMethodCode: MethodCode;
  paymentOperators: { code: string; name: string }[];
}

/**
 * One thing the customer can pick: a method, with the operator when picking it is the customer's
 * (their bank or wallet) or when the merchant named it. Without an operator the service assigns
 * one (the collecting bank, the QR acquirer).
 */
export interface Choice {
  method: MethodCode;
  operator: { code: string; name: string } | undefined;
}

/** What the customer sees and may change, from the specification's five scenarios. */
export interface CheckoutPlan {
  /** What the customer may pick from (one, when nothing is left to choose). */
  choices: Choice[];
  /** The choice in effect: the customer's, the merchant's, or none yet (then the picker shows). */
  selection: Choice | undefined;
  /** The picker's pre-checked choice when nothing is in effect yet (scenario 5, a shared operator). */
  suggested: Choice | undefined;
  /** Whether there is anything to choose (the picker can be shown again). */
  canChoose: boolean;
  /** Scenario 5 named an option the merchant does not offer for this payment: free choice instead. */
  note: 'preselection-unavailable' | undefined;
  /** Customer data fields to show, each with its value and whether the customer may edit it. */
  fields: { field: CustomerField; required: boolean; value: string; editable: boolean }[];
}

export type PlanResult =
  { ok: true; plan: CheckoutPlan } | { ok: false; reason: 'no-options' | 'option-unavailable' };

/** `choice` values of the page's query: "METHOD" or "METHOD|OPERATOR". */
export function choiceValue(choice: { method: string; operator?: { code: string } | undefined }): string {
  return choice.operator ? `${choice.method}|${choice.operator.code}` : choice.method;
}

function sameChoice(a: Choice, b: { method: string | undefined; operator: string | undefined }): boolean {
  return a.method === b.method && a.operator?.code === b.operator;
}

/**
 * The choices one option gives: one per operator where the customer picks their own institution
 * (only the merchant's operator when it fixed one), else the method alone, with the merchant's
 * operator when it named one the method has.
 */
function choicesOf(option: PaymentOptionView, operator: string | undefined, restrict: boolean): Choice[] {
  const method = option.paymentMethodCode;
  const named = option.paymentOperators.find((candidate) => candidate.code === operator);
  if (METHODS[method].operatorChosenBy === 'customer' && option.paymentOperators.length > 0) {
    const operators = restrict && named ? [named] : option.paymentOperators;
    return operators.map((candidate) => ({ method, operator: candidate }));
  }
  return [{ method, operator: named }];
}

/**
 * Builds the plan: (1) required only → choose and collect; (2) customer data → shown, not editable,
 * submitted as given; (3) + allowCustomerDataChange → pre-filled, editable; (4) method and/or
 * operator → only what matches them (an operator shared by several methods: the customer picks
 * among those methods, once; a method whose operator is the customer's bank or wallet: the customer
 * picks theirs); (5) + optionsAvailable → the merchant's option pre-selected, any option allowed,
 * and an unavailable pre-selection falls back to free choice with a note. `chosen` is the
 * customer's own pick (the page's `choice` parameter), honoured when it is one of the choices.
 */
export function planCheckout(
  params: CheckoutParams,
  available: PaymentOptionView[],
  chosen: { method?: string | undefined; operator?: string | undefined },
): PlanResult {
  if (available.length === 0) return { ok: false, reason: 'no-options' };
  const { paymentMethodCode: method, paymentOperatorCode: operator, optionsAvailable } = params;
  const matches = (option: PaymentOptionView) =>
    (method === undefined || option.paymentMethodCode === method) &&
    (operator === undefined || option.paymentOperators.some((candidate) => candidate.code === operator));
  const fixed = method !== undefined || operator !== undefined;
  const matching = available.filter(matches);
  if (fixed && matching.length === 0 && !optionsAvailable) return { ok: false, reason: 'option-unavailable' };

  const restricted = fixed && !optionsAvailable;
  const choices = (restricted ? matching : available).flatMap((option) =>
    choicesOf(option, operator, restricted),
  );
  const preselectable = fixed && matching.length > 0;
  const preselected = preselectable
    ? choices.filter(
        (choice) =>
          (method === undefined || choice.method === method) &&
          (operator === undefined || choice.operator?.code === operator),
      )
    : [];
  const customerPick = choices.find((choice) =>
    sameChoice(choice, { method: chosen.method, operator: chosen.operator }),
  );
  const selection =
    customerPick ??
    (preselected.length === 1 ? preselected[0] : undefined) ??
    (choices.length === 1 ? choices[0] : undefined);

  return {
    ok: true,
    plan: {
      choices,
      selection,
      // A shared operator is pre-checked; a method alone never imposes its first bank or wallet.
      suggested: selection ?? (optionsAvailable && operator !== undefined ? preselected[0] : undefined),
      canChoose: choices.length > 1,
      note: fixed && !preselectable ? 'preselection-unavailable' : undefined,
      fields: selection ? fieldsFor(params, selection) : [],
    },
  };
}

function fieldsFor(params: CheckoutParams, selection: Choice): CheckoutPlan['fields'] {
  const rules = customerFieldRules(selection.method, params.money.currency, selection.operator?.code);
  return CUSTOMER_FIELDS.flatMap((field) => {
    const given = params.customerData[field];
    const required = rules[field] === 'required';
    // Data the merchant gave is shown and sent where the method takes it; otherwise only what the method needs is asked.
    if (rules[field] === 'unused' || (given === undefined && !required)) return [];
    return [
      {
        field,
        required,
        value: given ?? '',
        editable:
          given === undefined ||
          (params.allowCustomerDataChange && !(params.lockedFields ?? []).includes(field)),
      },
    ];
  });
}
