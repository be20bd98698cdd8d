import type { MethodCode } from '../methods/catalogue';
import { CUSTOMER_FIELDS, customerFieldRules, type CustomerField } from '../schemas/customer-fields';
import type { CheckoutParams } from './params';

export interface PaymentOptionView {
  paymentMethodCode: MethodCode;
  paymentOperators: { code: string; name: string }[];
}

export interface Selection {
  method: MethodCode;
  operator: string | undefined;
}

/** What the customer sees and may change, from the specification's five scenarios. */
export interface CheckoutPlan {
  /** The options the customer may pick from (one, when the merchant fixed it). */
  options: PaymentOptionView[];
  /** The option in effect: chosen by the customer, pre-selected by the merchant, or none yet. */
  selection: Selection | undefined;
  /** Whether the customer may pick another option (scenarios 1, 5). */
  canChooseOption: boolean;
  /** Customer data fields to show, each with its value and whether the customer may edit it. */
  fields: { field: CustomerField; required: boolean; value: string; editable: boolean }[];
}

export type PlanResult =
  { ok: true; plan: CheckoutPlan } | { ok: false; reason: 'no-options' | 'option-unavailable' };

function optionWithOperator(
  options: PaymentOptionView[],
  method: string | undefined,
  operator: string | undefined,
) {
  return options.filter(
    (option) =>
      (method === undefined || option.paymentMethodCode === method) &&
      (operator === undefined || option.paymentOperators.some((candidate) => candidate.code === operator)),
  );
}

/**
 * Builds the plan: (1) required only → choose and collect; (2) customer data → shown, not
 * editable, submitted as given; (3) + allowCustomerDataChange → pre-filled, editable; (4) method
 * and/or operator → no choice; (5) + optionsAvailable → pre-selected, may switch. `chosen` is the
 * customer's own pick (from the page's `m`/`op` parameters), honoured only where choosing is allowed.
 */
export function planCheckout(
  params: CheckoutParams,
  available: PaymentOptionView[],
  chosen: Partial<Selection>,
): PlanResult {
  if (available.length === 0) return { ok: false, reason: 'no-options' };
  const fixedByMerchant = params.paymentMethodCode !== undefined || params.paymentOperatorCode !== undefined;
  const matching = optionWithOperator(available, params.paymentMethodCode, params.paymentOperatorCode);
  if (fixedByMerchant && matching.length === 0) return { ok: false, reason: 'option-unavailable' };

  const canChooseOption = !fixedByMerchant || params.optionsAvailable;
  const options = canChooseOption ? available : matching;
  let selection: Selection | undefined;
  const pick =
    canChooseOption && chosen.method !== undefined
      ? optionWithOperator(options, chosen.method, chosen.operator)[0]
      : undefined;
  if (pick) {
    selection = {
      method: pick.paymentMethodCode,
      operator: chosen.operator ?? pick.paymentOperators[0]?.code,
    };
  } else if (fixedByMerchant && matching.length === 1) {
    const option = matching[0]!;
    selection = {
      method: option.paymentMethodCode,
      operator: params.paymentOperatorCode ?? option.paymentOperators[0]?.code,
    };
  } else if (!canChooseOption && options.length === 1) {
    selection = { method: options[0]!.paymentMethodCode, operator: options[0]!.paymentOperators[0]?.code };
  }

  const fields = selection ? fieldsFor(params, selection) : [];
  return { ok: true, plan: { options, selection, canChooseOption, fields } };
}

function fieldsFor(params: CheckoutParams, selection: Selection): CheckoutPlan['fields'] {
  const rules = customerFieldRules(selection.method, params.money.currency, selection.operator);
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
        editable: given === undefined || params.allowCustomerDataChange,
      },
    ];
  });
}
