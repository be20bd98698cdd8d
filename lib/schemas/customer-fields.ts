/** Customer data fields a payment request can carry under `paymentMethod`. */
export const CUSTOMER_FIELDS = ['emailAddress', 'phoneNumber', 'accountName', 'accountNumber'] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

/**
 * required: the request is refused without it; optional: the form offers it and the server keeps it;
 * unused: not part of the method's request object, so the form does not ask for it and the server
 * drops it (the specification's rule for unknown properties). Each method's descriptor says which
 * (lib/methods/descriptors), per currency and operator where they matter.
 */
export const FIELD_RULES = ['required', 'optional', 'unused'] as const;
export type FieldRule = (typeof FIELD_RULES)[number];
export type CustomerFieldRules = Record<CustomerField, FieldRule>;

/** Rules where every field not named is unused. */
export function fieldRules(rules: Partial<CustomerFieldRules>): CustomerFieldRules {
  return {
    emailAddress: 'unused',
    phoneNumber: 'unused',
    accountName: 'unused',
    accountNumber: 'unused',
    ...rules,
  };
}

/** A method whose request object carries no customer data. */
export const NO_CUSTOMER_FIELDS = fieldRules({});
/** Push methods reach the customer on the phone their wallet or banking app is registered to. */
export const PUSH_FIELDS = fieldRules({ phoneNumber: 'required', accountName: 'optional' });
/** The customer account funds are expected from (accountCustomer, payer matching). */
export const PAYER_ACCOUNT_FIELDS = fieldRules({ accountName: 'optional', accountNumber: 'optional' });
