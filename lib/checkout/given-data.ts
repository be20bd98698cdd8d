import { safeParse } from 'zod/mini';
import { isDomesticMobile, parsePhone } from '../methods/phone-numbers';
import { CUSTOMER_FIELD_SCHEMAS } from '../schemas/customer-data';
import { phoneMustBeDomesticMobile } from '../methods/catalogue';
import type { CustomerField } from '../schemas/customer-fields';
import type { CheckoutParams } from './params';
import type { Choice } from './plan';

/**
 * The customer data the merchant's link gave (scenario 2) that the API would refuse for this
 * option: the same field schemas, and the same phone rule, as the API's. The page lets the customer
 * correct those fields instead of leaving them stuck with a payment that cannot start.
 */
export function refusedGivenFields(params: CheckoutParams, selection: Choice): CustomerField[] {
  const currency = params.money.currency;
  return (Object.keys(params.customerData) as CustomerField[]).filter((field) => {
    const value = params.customerData[field];
    if (value === undefined) return false;
    if (!safeParse(CUSTOMER_FIELD_SCHEMAS[field], value).success) return true;
    return (
      field === 'phoneNumber' &&
      phoneMustBeDomesticMobile(selection.method, currency, selection.operator?.code) &&
      !isDomesticMobile(parsePhone(value, currency), currency)
    );
  });
}
